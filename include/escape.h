/*
 * escape.h - one escaping function per output kind, used by every writer.
 *
 * Names, labels, profile names and API values come from files, telemetry
 * and the catalog; none of them may move the cursor, recolour or retitle a
 * terminal, break a table or a CSV record, add Markdown or HTML markup, or
 * start a spreadsheet formula.  What each kind does is in docs/output.md
 * ("Text from inputs").  JSON output is cJSON's escaping (json_out.c).
 *
 * Every function appends to out (a strbuf) or writes to f; s NULL is "".
 */
#ifndef GPUFIT_ESCAPE_H
#define GPUFIT_ESCAPE_H

#include <stdio.h>

struct strbuf;

enum esc_kind {
	ESC_TERM,     /* a terminal line (tables, messages): unsafe bytes shown as escapes */
	ESC_MARKDOWN, /* inline GitHub-flavoured Markdown: markup escaped, '\n' as <br> */
	ESC_CSV,      /* one RFC 4180 field: quoted when needed, formulas neutralised */
	ESC_HTML,     /* HTML text or a quoted attribute: & < > " ' as entities */
};

/*
 * 1 when s holds a byte a terminal must not get raw: C0 controls, DEL, C1
 * (U+0080-U+009F), the bidirectional overrides and isolates (U+202A-E,
 * U+2066-9), or a byte that is not part of valid UTF-8 (a raw 0x9b is CSI
 * on an 8-bit terminal).  keep_newline: '\n' is allowed.
 */
int esc_term_needed(const char *s, int keep_newline);

/*
 * For JSON strings, at a byte of s at or above 0x80: the length of the
 * character there, and in rep how to write it ("" to copy it as it is):
 * a byte of invalid UTF-8 as "\ufffd" (the replacement character, so the
 * document stays valid UTF-8), a C1 control or a bidi override or isolate
 * as its "\uXXXX" escape (docs/output.md).
 */
size_t esc_json_high(const char *s, char rep[8]);

/* s with every such byte or sequence as a visible escape: "\n", "\t",
 * "\r", "\x1b" (C0, DEL and bytes of invalid UTF-8), "\u009b" (C1 and the
 * bidi controls written in UTF-8); keep_newline leaves '\n' as it is. */
void esc_term(struct strbuf *out, const char *s, int keep_newline);

/* s as inline Markdown text: esc_term's escapes (newlines kept), then
 * \ ` * [ ] < | ~ backslash-escaped, '_' escaped unless it sits between
 * two letters or digits (where it cannot start or end emphasis, so
 * "Standard_NC24ads_A100_v4" reads as it is), a leading '#' or '>' (a
 * heading, a quote) escaped, and '\n' written as "<br>".  Without '<' no
 * tag or autolink can start, so "->" stays as it is. */
void esc_markdown(struct strbuf *out, const char *s);

/* s as one CSV field: esc_term's escapes (newlines kept); a field that
 * starts with = + - @ and is not a plain number gets a leading "'" so a
 * spreadsheet reads it as text; quoted ("" for ") when it holds , " or a
 * line break (RFC 4180). */
void esc_csv(struct strbuf *out, const char *s);

/* s as HTML text or a double- or single-quoted attribute value: esc_term's
 * escapes (newlines kept), then & < > " ' as entities. */
void esc_html(struct strbuf *out, const char *s);

/* s as one word of a POSIX shell command (the `k8s -f sh` script): as it
 * is when it holds only letters, digits and _ . , : = @ % + - (every size,
 * region and profile Azure has), else esc_term's escapes inside single
 * quotes, each ' written '\''.  "" is ''. */
void esc_shell(struct strbuf *out, const char *s);

/* Appends s escaped for kind. */
void esc_add(struct strbuf *out, enum esc_kind kind, const char *s);

/* Writes s escaped for kind to f. */
void esc_fputs(FILE *f, enum esc_kind kind, const char *s);

/* fmt formatted, then written escaped for kind: a message line that quotes
 * names from the input. */
void esc_fprintf(FILE *f, enum esc_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
