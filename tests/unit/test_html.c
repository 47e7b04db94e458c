/* Unit tests for html_out.c: escaping, money that is "unknown" rather than
 * 0, and the WCAG contrast of every chart fill under its white label. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_out.h"

static char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	html_esc(f, s);
	fclose(f);
	return buf;
}

static void test_escape(void **state)
{
	(void)state;
	char *e = escaped("<script>alert(\"x\")</script>'&");
	assert_string_equal(e, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;");
	free(e);
	e = escaped("plain-name_1.2 \xc3\x97"); /* UTF-8 passes through */
	assert_string_equal(e, "plain-name_1.2 \xc3\x97");
	free(e);
	e = escaped("");
	assert_string_equal(e, "");
	free(e);
	/* 10 kB of markup: every '<' becomes 4 bytes, nothing is cut */
	char *big = malloc(10241);
	memset(big, '<', 10240);
	big[10240] = '\0';
	e = escaped(big);
	assert_int_equal(strlen(e), 4 * 10240);
	assert_null(strchr(e, '<'));
	free(e);
	free(big);
}

static void test_money(void **state)
{
	(void)state;
	char b[64];
	assert_string_equal(html_money(b, sizeof b, 4139.1, "USD", 1), "$4,139.10");
	assert_string_equal(html_money(b, sizeof b, -1223.48, "USD", 1), "-$1,223.48");
	assert_string_equal(html_money(b, sizeof b, 1234.5, "EUR", 1), "1,234.50 EUR");
	assert_string_equal(html_money(b, sizeof b, 0, "USD", 1), "$0.00");
	/* unknown is never $0 */
	assert_string_equal(html_money(b, sizeof b, 0, "USD", 0), "unknown");
	assert_string_equal(html_money(b, sizeof b, 99, "EUR", 0), "unknown");
}

static double lin(int c)
{
	double x = c / 255.0;
	return x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double luminance(const char *hex)
{
	unsigned r, g, b;
	assert_int_equal(sscanf(hex, "#%2x%2x%2x", &r, &g, &b), 3);
	return 0.2126 * lin((int)r) + 0.7152 * lin((int)g) + 0.0722 * lin((int)b);
}

static void test_contrast(void **state)
{
	(void)state;
	/* white labels on every fill: WCAG AA for normal text is 4.5:1 */
	for (size_t i = 0; i < HTML_NCOLORS; i++) {
		double c = (1.0 + 0.05) / (luminance(html_color(i)) + 0.05);
		if (c < 4.5)
			fail_msg("fill %s: contrast %.2f:1 with white, want >= 4.5", html_color(i), c);
	}
	/* distinct fills, and the cycle repeats after HTML_NCOLORS */
	for (size_t i = 0; i < HTML_NCOLORS; i++)
		for (size_t j = i + 1; j < HTML_NCOLORS; j++)
			assert_string_not_equal(html_color(i), html_color(j));
	assert_string_equal(html_color(HTML_NCOLORS + 2), html_color(2));
	/* #1f4e79 by hand: L = 0.0714, (1.05)/(0.1214) = 8.65 */
	assert_true(fabs(1.05 / (luminance("#1f4e79") + 0.05) - 8.65) < 0.02);
}

static void test_page(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	html_begin(f, "a <b> & c");
	html_end(f, "gpufit x");
	fclose(f);
	assert_non_null(strstr(buf, "<title>a &lt;b&gt; &amp; c</title>"));
	assert_non_null(strstr(buf, "Content-Security-Policy\" content=\"default-src 'none'; "
				    "style-src 'unsafe-inline'\""));
	assert_null(strstr(buf, "<script"));
	assert_null(strstr(buf, "http:"));
	assert_null(strstr(buf, "https:"));
	assert_null(strstr(buf, "url("));
	assert_int_equal(strncmp(buf, "<!DOCTYPE html>\n", 16), 0);
	assert_string_equal(buf + len - 8, "</html>\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_money),
		cmocka_unit_test(test_contrast),
		cmocka_unit_test(test_page),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
