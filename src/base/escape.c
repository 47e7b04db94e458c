/*
 * escape.c - the escaping of text from inputs for each output kind
 * (terminal, Markdown, CSV, HTML); see escape.h and docs/output.md.
 */
#include "escape.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The length of the valid UTF-8 sequence at s, 0 when it is not one (a
 * stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF
 * or cut short by the end of the string). */
static size_t utf8_len(const unsigned char *s)
{
	unsigned char c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		unsigned char lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		unsigned char lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
		return s[1] >= lo && s[1] <= hi && (s[2] & 0xc0) == 0x80 &&
		       (s[3] & 0xc0) == 0x80 ? 4 : 0;
	}
	return 0;
}

/* At s: 0 when the character is safe (*len its length), else the length
 * of the unsafe byte or sequence, with *raw set when it is a byte of
 * invalid UTF-8 (shown as \xNN) rather than a code point (\uNNNN). */
static size_t unsafe_at(const unsigned char *s, size_t *len, int *raw)
{
	size_t n = utf8_len(s);

	*raw = 0;
	*len = n ? n : 1;
	if (!n) {
		*raw = 1;
		return 1;
	}
	if (n == 1)
		return *s < 0x20 || *s == 0x7f;
	if (n == 2 && s[0] == 0xc2 && s[1] <= 0x9f)
		return 2;                       /* C1: U+0080-U+009F */
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x80 && s[2] >= 0xaa && s[2] <= 0xae)
		return 3;                       /* U+202A-U+202E */
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)
		return 3;                       /* U+2066-U+2069 */
	return 0;
}

size_t esc_json_high(const char *s, char rep[8])
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len;
	int raw;
	unsigned cp;

	rep[0] = '\0';
	if (!unsafe_at(u, &len, &raw))
		return len;
	if (raw) {
		memcpy(rep, "\\ufffd", 7);
		return 1;
	}
	cp = len == 2 ? (u[0] & 0x1fu) << 6 | (u[1] & 0x3fu)
		      : (u[0] & 0x0fu) << 12 | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu);
	snprintf(rep, 8, "\\u%04x", cp);
	return len;
}

int esc_term_needed(const char *s, int keep_newline)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	while (*p) {
		size_t len;
		int raw;

		if (unsafe_at(p, &len, &raw) && !(keep_newline && *p == '\n'))
			return 1;
		p += len;
	}
	return 0;
}

void esc_term(struct strbuf *out, const char *s, int keep_newline)
{
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p;

	while (*p) {
		size_t len;
		int raw;
		size_t n = unsafe_at(p, &len, &raw);

		if (!n || (keep_newline && *p == '\n')) {
			p += len;
			continue;
		}
		strbuf_add(out, (const char *)run, (size_t)(p - run));
		if (*p == '\n')
			strbuf_addstr(out, "\\n");
		else if (*p == '\t')
			strbuf_addstr(out, "\\t");
		else if (*p == '\r')
			strbuf_addstr(out, "\\r");
		else if (n == 1)
			strbuf_addf(out, "\\x%02x", *p);
		else if (n == 2)
			strbuf_addf(out, "\\u%04x", p[1]);
		else
			strbuf_addf(out, "\\u%04x", ((p[0] & 0x0f) << 12) | ((p[1] & 0x3f) << 6) |
				    (p[2] & 0x3f));
		p += n;
		run = p;
	}
	strbuf_add(out, (const char *)run, (size_t)(p - run));
}

static int alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void esc_markdown(struct strbuf *out, const char *s)
{
	struct strbuf t = STRBUF_INIT;
	const char *p;

	esc_term(&t, s, 1);
	p = strbuf_str(&t);
	for (size_t i = 0; p[i]; i++) {
		char c = p[i];

		if (c == '\n')
			strbuf_addstr(out, "<br>");
		else if (strchr("\\`*[]<|~", c) || ((c == '#' || c == '>') && i == 0) ||
			 (c == '_' && !(i > 0 && alnum(p[i - 1]) && alnum(p[i + 1])))) {
			strbuf_add(out, "\\", 1);
			strbuf_add(out, &c, 1);
		} else {
			strbuf_add(out, &c, 1);
		}
	}
	strbuf_release(&t);
}

/* A plain decimal as the csv writes numbers: optional '-', digits,
 * optional '.' and digits. */
static int csv_plain_number(const char *s)
{
	size_t i = s[0] == '-', d = 0;

	while (s[i] >= '0' && s[i] <= '9')
		i++, d++;
	if (s[i] == '.') {
		i++;
		if (!(s[i] >= '0' && s[i] <= '9'))
			return 0;
		while (s[i] >= '0' && s[i] <= '9')
			i++;
	}
	return d > 0 && s[i] == '\0';
}

void esc_csv(struct strbuf *out, const char *s)
{
	struct strbuf t = STRBUF_INIT;
	const char *p;
	int formula, quote;

	esc_term(&t, s, 1);
	p = strbuf_str(&t);
	formula = p[0] && strchr("=+-@", p[0]) && !csv_plain_number(p);
	quote = strpbrk(p, ",\"\r\n") != NULL;
	if (quote)
		strbuf_add(out, "\"", 1);
	if (formula)
		strbuf_add(out, "'", 1);
	for (; *p; p++) {
		if (*p == '"')
			strbuf_add(out, "\"", 1);
		strbuf_add(out, p, 1);
	}
	if (quote)
		strbuf_add(out, "\"", 1);
	strbuf_release(&t);
}

void esc_html(struct strbuf *out, const char *s)
{
	struct strbuf t = STRBUF_INIT;

	esc_term(&t, s, 1);
	for (const char *p = strbuf_str(&t);;) {
		size_t run = strcspn(p, "&<>\"'");

		strbuf_add(out, p, run);
		p += run;
		if (!*p)
			break;
		strbuf_addstr(out, *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;"
				   : *p == '"' ? "&quot;" : "&#39;");
		p++;
	}
	strbuf_release(&t);
}

void esc_shell(struct strbuf *out, const char *s)
{
	struct strbuf t = STRBUF_INIT;
	const char *p;

	s = s ? s : "";
	if (*s && s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "_.,:=@%+-")] == '\0') {
		strbuf_addstr(out, s);
		return;
	}
	esc_term(&t, s, 0);
	strbuf_add(out, "'", 1);
	for (p = strbuf_str(&t); *p; p++) {
		if (*p == '\'')
			strbuf_addstr(out, "'\\''");
		else
			strbuf_add(out, p, 1);
	}
	strbuf_add(out, "'", 1);
	strbuf_release(&t);
}

void esc_add(struct strbuf *out, enum esc_kind kind, const char *s)
{
	switch (kind) {
	case ESC_MARKDOWN:
		esc_markdown(out, s);
		break;
	case ESC_CSV:
		esc_csv(out, s);
		break;
	case ESC_HTML:
		esc_html(out, s);
		break;
	default:
		esc_term(out, s, 0);
		break;
	}
}

/* Whether s comes out of kind's escape as it went in (the common case:
 * a table of thousands of cells allocates nothing then). */
static int esc_unchanged(enum esc_kind kind, const char *s)
{
	switch (kind) {
	case ESC_MARKDOWN:
		return !s[strcspn(s, "\\`*[]<|~_#>\n")] && !esc_term_needed(s, 0);
	case ESC_CSV:
		return !s[strcspn(s, ",\"\r\n")] && !strchr("=+-@", s[0]) && !esc_term_needed(s, 0);
	case ESC_HTML:
		return !s[strcspn(s, "&<>\"'")] && !esc_term_needed(s, 1);
	default:
		return !esc_term_needed(s, 0);
	}
}

void esc_fputs(FILE *f, enum esc_kind kind, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	s = s ? s : "";
	if (esc_unchanged(kind, s)) {
		fputs(s, f);
		return;
	}

	esc_add(&sb, kind, s);
	fwrite(strbuf_str(&sb), 1, sb.len, f);
	strbuf_release(&sb);
}

void esc_fprintf(FILE *f, enum esc_kind kind, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = util_vformat(fmt, ap);
	va_end(ap);
	esc_fputs(f, kind, s);
	free(s);
}
