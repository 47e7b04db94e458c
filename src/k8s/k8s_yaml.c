/*
 * k8s_yaml.c - JSON values to YAML through libyaml's emitter (k8s_yaml.h).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "k8s_yaml.h"

int k8s_yaml_needs_quotes(const char *s)
{
	static const char *const words[] = {
		"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
		".inf", "-.inf", "+.inf", ".nan",
	};
	const char *p = s;
	int digits = 0;

	if (!*s)
		return 1;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcasecmp(s, words[i]) == 0)
			return 1;
	/* anything that starts like a number: 1, -1, 1.5, 1e3, 0x1f, 0o7, 1_000, 12:30 */
	if (*p == '-' || *p == '+')
		p++;
	if (*p == '.')
		p++;
	while (isdigit((unsigned char)*p)) {
		p++;
		digits++;
	}
	if (digits) {
		for (; *p; p++)
			if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != ':' &&
			    *p != '-' && *p != '+')
				return 0;
		return 1;
	}
	return 0;
}

struct emit {
	yaml_emitter_t em;
	yaml_event_t ev;
};

static int put(struct emit *e)
{
	return yaml_emitter_emit(&e->em, &e->ev) ? 0 : -1;
}

static int scalar(struct emit *e, const char *s, int quote)
{
	yaml_scalar_style_t style = quote ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE;
	if (!yaml_scalar_event_initialize(&e->ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s),
					  !quote, 1, style))
		return -1;
	return put(e);
}

static int value(struct emit *e, const cJSON *v)
{
	char buf[64];
	if (cJSON_IsObject(v)) {
		if (!yaml_mapping_start_event_initialize(&e->ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE) ||
		    put(e))
			return -1;
		for (const cJSON *k = v->child; k; k = k->next)
			if (scalar(e, k->string, k8s_yaml_needs_quotes(k->string)) || value(e, k))
				return -1;
		if (!yaml_mapping_end_event_initialize(&e->ev))
			return -1;
		return put(e);
	}
	if (cJSON_IsArray(v)) {
		if (!yaml_sequence_start_event_initialize(&e->ev, NULL, NULL, 1,
							  YAML_BLOCK_SEQUENCE_STYLE) || put(e))
			return -1;
		for (const cJSON *k = v->child; k; k = k->next)
			if (value(e, k))
				return -1;
		if (!yaml_sequence_end_event_initialize(&e->ev))
			return -1;
		return put(e);
	}
	if (cJSON_IsString(v))
		return scalar(e, v->valuestring, k8s_yaml_needs_quotes(v->valuestring));
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;
		if (d == floor(d) && fabs(d) < 1e15)
			snprintf(buf, sizeof(buf), "%.0f", d);
		else
			snprintf(buf, sizeof(buf), "%.17g", d);
		return scalar(e, buf, 0);
	}
	if (cJSON_IsBool(v))
		return scalar(e, cJSON_IsTrue(v) ? "true" : "false", 0);
	return scalar(e, "null", 0);
}

int k8s_yaml_write(FILE *f, const cJSON *docs, char *err, size_t errlen)
{
	struct emit e;
	int rc = -1;

	if (!yaml_emitter_initialize(&e.em)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	yaml_emitter_set_output_file(&e.em, f);
	yaml_emitter_set_unicode(&e.em, 1);
	yaml_emitter_set_width(&e.em, -1);
	yaml_emitter_set_indent(&e.em, 2);
	if (!yaml_stream_start_event_initialize(&e.ev, YAML_UTF8_ENCODING) || put(&e))
		goto out;
	for (const cJSON *d = docs ? docs->child : NULL; d; d = d->next) {
		if (!yaml_document_start_event_initialize(&e.ev, NULL, NULL, NULL, 0) || put(&e) ||
		    value(&e, d) || !yaml_document_end_event_initialize(&e.ev, 1) || put(&e))
			goto out;
	}
	if (!yaml_stream_end_event_initialize(&e.ev) || put(&e) || !yaml_emitter_flush(&e.em))
		goto out;
	rc = 0;
out:
	if (rc != 0)
		snprintf(err, errlen, "cannot write YAML: %s",
			 e.em.problem ? e.em.problem : "write error");
	yaml_emitter_delete(&e.em);
	return rc;
}
