/*
 * profile_yaml.c - steps 1 and 2 of reading a profile (profile.c): the byte
 * scan and libyaml's events into a tree of our own.  The only file that
 * includes <yaml.h>; nothing of libyaml survives profile_yaml_parse().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "profile_internal.h"
#include "util.h"

/* ---- step 1: the byte scan ---------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/*
 * Reports bytes that are not UTF-8 text (the first one only: after that,
 * positions mean little) and every line indented with a tab.  Columns count
 * characters, as libyaml's do.  Returns the number of problems.
 */
int profile_yaml_scan(struct reader *r, const unsigned char *s, size_t n)
{
	size_t i = 0, k;
	int line = 1, col = 1, problems = 0, indent = 1;

	if (n >= 2 && ((s[0] == 0xff && s[1] == 0xfe) || (s[0] == 0xfe && s[1] == 0xff))) {
		profile_err_at(r, 1, 1, "file is UTF-16; save the profile as UTF-8");
		return 1;
	}
	if (n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
		i = 3;
	while (i < n) {
		if (s[i] == 0) {
			profile_err_at(r, line, col, "NUL byte; a profile must be text");
			return problems + 1;
		}
		k = utf8_len(s + i, n - i);
		if (k == 0) {
			profile_err_at(r, line, col, "invalid UTF-8 byte 0x%02x; a profile must be UTF-8 text",
				       s[i]);
			return problems + 1;
		}
		if (s[i] == '\n') {
			line++;
			col = 1;
			indent = 1;
			i++;
			continue;
		}
		if (indent && s[i] == '\t') {
			/* a tab before anything but a comment or the line end */
			size_t j = i;

			while (j < n && (s[j] == ' ' || s[j] == '\t'))
				j++;
			if (j < n && s[j] != '\n' && s[j] != '\r' && s[j] != '#') {
				profile_err_at(r, line, col, "tab in indentation; YAML indents with spaces only");
				problems++;
			}
			indent = 0;
		} else if (s[i] != ' ') {
			indent = 0;
		}
		i += k;
		col++;
	}
	return problems;
}

/* ---- step 2: events to a tree ------------------------------------------- */

void profile_node_free(struct node *nd)
{
	size_t i;

	if (!nd)
		return;
	for (i = 0; i < nd->n; i++)
		profile_node_free(nd->items[i]);
	free(nd->items);
	free(nd->text);
	free(nd);
}

static struct node *node_new(struct reader *r, enum node_kind kind, const yaml_mark_t *m)
{
	struct node *nd = xcalloc(1, sizeof *nd);

	nd->kind = kind;
	nd->line = (int)m->line + 1;
	nd->col = (int)m->column + 1;
	r->nodes++;
	return nd;
}

static void node_push(struct node *parent, struct node *child)
{
	if (parent->n == parent->cap) {
		parent->cap = parent->cap ? parent->cap * 2 : 8;
		parent->items = xrealloc(parent->items, parent->cap * sizeof *parent->items);
	}
	parent->items[parent->n++] = child;
}

static void report_yaml_error(struct reader *r, const yaml_parser_t *p)
{
	const char *problem = p->problem ? p->problem : "cannot parse";
	int line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;

	if (p->error == YAML_READER_ERROR) {
		/* reader errors carry a byte offset, not a mark */
		profile_err_at(r, 0, 0, "invalid YAML: %s at byte %zu", problem, p->problem_offset);
		return;
	}
	if (p->context)
		profile_err_at(r, line, col, "invalid YAML: %s (%s at %d:%d)", problem, p->context,
			       (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
	else
		profile_err_at(r, line, col, "invalid YAML: %s", problem);
}

/* Reports an anchor or tag on a node: both are refused. */
static void check_decorations(struct reader *r, const yaml_event_t *ev, const yaml_char_t *anchor,
			      const yaml_char_t *tag)
{
	int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;

	if (anchor)
		profile_err_at(r, line, col, "anchors ('&%s') are not supported; write the values out",
			       (const char *)anchor);
	if (tag) {
		const char *t = (const char *)tag, *std = "tag:yaml.org,2002:";

		if (!strncmp(t, std, strlen(std)))
			profile_err_at(r, line, col, "tags ('!!%s') are not supported", t + strlen(std));
		else
			profile_err_at(r, line, col, "tags ('%s') are not supported", t);
	}
}

/* 1 the first time an alias of this anchor is seen (so each is reported
 * once, however often it is used), else 0. */
static int first_alias(struct reader *r, const char *anchor)
{
	size_t i;

	for (i = 0; i < r->nalias; i++)
		if (!strcmp(r->alias[i], anchor))
			return 0;
	if (r->nalias < COUNT(r->alias))
		r->alias[r->nalias++] = xstrdup(anchor);
	return 1;
}

/*
 * Builds the node that starts with event ev (already read) and, for
 * collections, reads up to its end event.  Returns NULL after reporting a
 * problem that stops parsing (syntax error, too deep, too many nodes).
 */
static struct node *build(struct reader *r, yaml_parser_t *p, yaml_event_t *ev, int depth)
{
	struct node *nd, *child;
	yaml_event_t sub;
	yaml_event_type_t end;

	if (r->nodes >= MAX_NODES) {
		profile_err_at(r, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
			       "profile too large (more than %d YAML nodes)", MAX_NODES);
		return NULL;
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		check_decorations(r, ev, ev->data.scalar.anchor, ev->data.scalar.tag);
		nd = node_new(r, NODE_SCALAR, &ev->start_mark);
		nd->len = ev->data.scalar.length;
		nd->text = xstrndup((const char *)ev->data.scalar.value, nd->len);
		nd->text[nd->len] = '\0';
		if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    (nd->len == 0 || !strcmp(nd->text, "~") || !strcmp(nd->text, "null") ||
		     !strcmp(nd->text, "Null") || !strcmp(nd->text, "NULL")))
			nd->is_null = 1;
		return nd;
	case YAML_ALIAS_EVENT:
		nd = node_new(r, NODE_SCALAR, &ev->start_mark);
		nd->text = xstrdup("");
		nd->bad = 1;
		if (first_alias(r, (const char *)ev->data.alias.anchor))
			profile_err_node(r, nd, "aliases ('*%s') are not supported; write the values out",
					 (const char *)ev->data.alias.anchor);
		return nd;
	case YAML_SEQUENCE_START_EVENT:
		check_decorations(r, ev, ev->data.sequence_start.anchor,
				  ev->data.sequence_start.tag);
		nd = node_new(r, NODE_SEQ, &ev->start_mark);
		end = YAML_SEQUENCE_END_EVENT;
		break;
	case YAML_MAPPING_START_EVENT:
		check_decorations(r, ev, ev->data.mapping_start.anchor,
				  ev->data.mapping_start.tag);
		nd = node_new(r, NODE_MAP, &ev->start_mark);
		end = YAML_MAPPING_END_EVENT;
		break;
	default:
		profile_err_at(r, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
			       "invalid YAML: unexpected event");
		return NULL;
	}
	if (depth >= PROFILE_MAX_DEPTH) {
		profile_err_node(r, nd, "nesting deeper than %d levels", PROFILE_MAX_DEPTH);
		profile_node_free(nd);
		return NULL;
	}
	for (;;) {
		if (!yaml_parser_parse(p, &sub)) {
			report_yaml_error(r, p);
			profile_node_free(nd);
			return NULL;
		}
		if (sub.type == end) {
			yaml_event_delete(&sub);
			return nd;
		}
		child = build(r, p, &sub, depth + 1);
		yaml_event_delete(&sub);
		if (!child) {
			profile_node_free(nd);
			return NULL;
		}
		node_push(nd, child);
	}
}

/*
 * Parses the whole stream into one document tree.  Returns the root, or
 * NULL with *empty = 1 for a stream without content, or NULL after errors.
 */
struct node *profile_yaml_parse(struct reader *r, const char *buf, size_t len, int *empty)
{
	yaml_parser_t p;
	yaml_event_t ev;
	struct node *root = NULL;
	int docs = 0, done = 0;

	*empty = 0;
	if (!yaml_parser_initialize(&p)) {
		profile_err_at(r, 0, 0, "out of memory");
		return NULL;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			report_yaml_error(r, &p);
			profile_node_free(root);
			root = NULL;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs == 2) {
				profile_err_at(r, (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
					       "a second YAML document; a profile is a single document");
				done = 1;
			}
			break;
		case YAML_SCALAR_EVENT:
		case YAML_ALIAS_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			root = build(r, &p, &ev, 0);
			if (!root)
				done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (r->errs.n) {
		profile_node_free(root);
		return NULL;
	}
	if (!root || (root->kind == NODE_SCALAR && root->is_null)) {
		profile_node_free(root);
		*empty = 1;
		return NULL;
	}
	return root;
}
