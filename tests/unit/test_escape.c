/* Unit tests for escape.c: each output kind's escaping of text from inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "util.h"

static char *esc(enum esc_kind kind, const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	char *r;

	esc_add(&sb, kind, s);
	r = xstrdup(strbuf_str(&sb));
	strbuf_release(&sb);
	return r;
}

#define ASSERT_ESC(kind, in, want)                        \
	do {                                              \
		char *got_ = esc(kind, in);               \
		assert_string_equal(got_, want);          \
		free(got_);                               \
	} while (0)

/* What a terminal is shown of untrusted text: every control character, bidi
 * override and byte of invalid UTF-8 escaped, everything else (valid UTF-8
 * included) as it is. */
static void test_term(void **state)
{
	static const struct {
		const char *in, *out, *out_nl;
	} cases[] = {
		{ "plain-name_1.2", "plain-name_1.2", "plain-name_1.2" },
		{ "x\ny", "x\\ny", "x\ny" },
		{ "a\a\033[31mred", "a\\x07\\x1b[31mred", "a\\x07\\x1b[31mred" },
		{ "tab\there\r", "tab\\there\\r", "tab\\there\\r" },
		{ "del\177", "del\\x7f", "del\\x7f" },
		/* C1 CSI (U+009B) and the RTL override (U+202E), isolate U+2066 */
		{ "c1\xc2\x9b" "2J", "c1\\u009b2J", "c1\\u009b2J" },
		{ "\xe2\x80\xaetxt.exe", "\\u202etxt.exe", "\\u202etxt.exe" },
		{ "\xe2\x81\xa6iso", "\\u2066iso", "\\u2066iso" },
		/* safe UTF-8 (é, €, the en dash U+2013, U+1F600) stays */
		{ "caf\xc3\xa9 \xe2\x82\xac \xe2\x80\x93 \xf0\x9f\x98\x80",
		  "caf\xc3\xa9 \xe2\x82\xac \xe2\x80\x93 \xf0\x9f\x98\x80",
		  "caf\xc3\xa9 \xe2\x82\xac \xe2\x80\x93 \xf0\x9f\x98\x80" },
		/* a raw 8-bit C1 byte (0x9b: CSI on an 8-bit terminal) and other
		 * bytes of invalid UTF-8: a stray continuation, an overlong '/', a
		 * surrogate, a lead byte cut short by the end of the string */
		{ "x\x9b" "2J", "x\\x9b2J", "x\\x9b2J" },
		{ "\x80\xc0\xaf", "\\x80\\xc0\\xaf", "\\x80\\xc0\\xaf" },
		{ "\xed\xa0\x80", "\\xed\\xa0\\x80", "\\xed\\xa0\\x80" },
		{ "end\xe2", "end\\xe2", "end\\xe2" },
		{ "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", "\\xf4\\x90\\x80\\x80" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

		esc_term(&a, cases[i].in, 0);
		esc_term(&b, cases[i].in, 1);
		assert_string_equal(strbuf_str(&a), cases[i].out);
		assert_string_equal(strbuf_str(&b), cases[i].out_nl);
		assert_int_equal(esc_term_needed(cases[i].in, 0),
				 strcmp(cases[i].in, cases[i].out) != 0);
		assert_int_equal(esc_term_needed(cases[i].in, 1),
				 strcmp(cases[i].in, cases[i].out_nl) != 0);
		strbuf_release(&a);
		strbuf_release(&b);
	}
	ASSERT_ESC(ESC_TERM, NULL, "");
}

static void test_markdown(void **state)
{
	(void)state;
	ASSERT_ESC(ESC_MARKDOWN, "Standard_NC24ads_A100_v4", "Standard_NC24ads_A100_v4");
	ASSERT_ESC(ESC_MARKDOWN, "a|b", "a\\|b");
	ASSERT_ESC(ESC_MARKDOWN, "**bold** `code` [x](y) <b> a->b", "\\*\\*bold\\*\\* \\`code\\` \\[x\\](y) "
			       "\\<b> a->b");
	ASSERT_ESC(ESC_MARKDOWN, "> quote", "\\> quote");
	/* '_' that can open or close emphasis, '~' strikethrough, a heading */
	ASSERT_ESC(ESC_MARKDOWN, "_x_ a_ ~~s~~", "\\_x\\_ a\\_ \\~\\~s\\~\\~");
	ASSERT_ESC(ESC_MARKDOWN, "# h #2", "\\# h #2");
	ASSERT_ESC(ESC_MARKDOWN, "two\nlines", "two<br>lines");
	/* the terminal escape's backslash is itself escaped: it reads "\x1b" */
	ASSERT_ESC(ESC_MARKDOWN, "e\033[31m\x9b", "e\\\\x1b\\[31m\\\\x9b");
	ASSERT_ESC(ESC_MARKDOWN, "a\\b", "a\\\\b");
}

static void test_csv(void **state)
{
	(void)state;
	ASSERT_ESC(ESC_CSV, "plain", "plain");
	ASSERT_ESC(ESC_CSV, "", "");
	ASSERT_ESC(ESC_CSV, "a,b", "\"a,b\"");
	ASSERT_ESC(ESC_CSV, "say \"hi\"", "\"say \"\"hi\"\"\"");
	ASSERT_ESC(ESC_CSV, "two\r\nlines", "\"two\\r\nlines\"");
	ASSERT_ESC(ESC_CSV, "bell\a esc\033 c1\xc2\x9b raw\x9b", "bell\\x07 esc\\x1b c1\\u009b raw\\x9b");
	/* formulas become text; raw numbers stay numbers */
	ASSERT_ESC(ESC_CSV, "=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"");
	ASSERT_ESC(ESC_CSV, "+1+1", "'+1+1");
	ASSERT_ESC(ESC_CSV, "@SUM(A1)", "'@SUM(A1)");
	ASSERT_ESC(ESC_CSV, "-2+3", "'-2+3");
	ASSERT_ESC(ESC_CSV, "-12.50", "-12.50");
	ASSERT_ESC(ESC_CSV, "-7", "-7");
	ASSERT_ESC(ESC_CSV, "\t=1", "\\t=1");
}

static void test_html(void **state)
{
	(void)state;
	ASSERT_ESC(ESC_HTML, "a & b <i>\"'", "a &amp; b &lt;i&gt;&quot;&#39;");
	ASSERT_ESC(ESC_HTML, "</title><script>", "&lt;/title&gt;&lt;script&gt;");
	ASSERT_ESC(ESC_HTML, "bel\a esc\033 c1\xc2\x85 raw\x9b\nnl",
		   "bel\\x07 esc\\x1b c1\\u0085 raw\\x9b\nnl");
	ASSERT_ESC(ESC_HTML, "caf\xc3\xa9", "caf\xc3\xa9");
}

static void shell(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	esc_shell(&sb, in);
	assert_string_equal(strbuf_str(&sb), want);
	strbuf_release(&sb);
}

/* One word of a shell command, whatever the catalog's name holds. */
static void test_shell(void **state)
{
	(void)state;
	shell("Standard_NC24ads_A100_v4", "Standard_NC24ads_A100_v4");
	shell("MIG2g", "MIG2g");
	shell("1,2,3", "1,2,3");
	shell("", "''");
	shell("a b", "'a b'");
	shell("x;rm -rf ~", "'x;rm -rf ~'");
	shell("$(id)`id`\"", "'$(id)`id`\"'");
	shell("it's", "'it'\\''s'");
	shell("2g\ntouch PWN", "'2g\\ntouch PWN'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_term),
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_shell),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
