/*
 * fuzz_azure.c - the same bytes as an `az vm list-usage` file and as an
 * `az vm list-skus` file, and the availability rule over every row read.
 */
#include <stdlib.h>
#include <string.h>

#include "azure_quota.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct azure_usage_list u;
	struct azure_skus s;
	char err[AZURE_QUOTA_ERRLEN], why[256];

	err[0] = '\0';
	if (azure_usage_parse((const char *)data, size, "u.json", &u, err, sizeof err) == 0) {
		for (size_t i = 0; i < u.n; i++)
			if (!u.items[i].name || u.items[i].current < 0 || u.items[i].limit < 0 ||
			    azure_usage_find(&u, u.items[i].name) == NULL)
				abort();
		azure_usage_release(&u);
	} else if (!err[0] || u.n != 0) {
		abort();
	}
	err[0] = '\0';
	if (azure_skus_parse((const char *)data, size, "s.json", &s, err, sizeof err) == 0) {
		for (size_t i = 0; i < s.n; i++) {
			const struct azure_sku *k = &s.items[i];

			if (!k->name || !k->location || azure_skus_find(&s, k->name, k->location) == NULL)
				abort();
			for (int z = 0; z <= 3; z++) {
				enum azure_avail a = azure_skus_check(&s, k->name, k->location, z, why,
								      sizeof why);
				if ((a == AZURE_AVAILABLE) != (why[0] == '\0'))
					abort();
			}
		}
		azure_skus_release(&s);
	} else if (!err[0] || s.n != 0) {
		abort();
	}
	return 0;
}
