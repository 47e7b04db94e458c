#!/bin/bash
# The catalog lookup order of docs/catalog.md: --catalog, GPUFIT_CATALOG, the user
# catalog under XDG_DATA_HOME (or ~/.local/share), then the bundled catalog.
. "$(dirname "$0")/lib.bash"

mkdb() { # mkdb PATH SOURCE: a copy of the bundled catalog whose meta source is SOURCE
	mkdir -p "$(dirname "$1")"
	cp "$ROOT/$B/catalog.db" "$1"
	sqlite3 "$1" "INSERT OR REPLACE INTO meta(key, value) VALUES ('source', '$2')"
}
source_of() { "$GPUFIT" "$@" catalog status -f json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["origin"], d["source"])'; }

[ "$(source_of)" = "bundled bundled" ] || fail "no catalog: got '$(source_of)'"

mkdb "$XDG_DATA_HOME/gpufit/catalog.db" user-xdg
[ "$(source_of)" = "user catalog user-xdg" ] || fail "xdg user catalog: got '$(source_of)'"

# Without XDG_DATA_HOME the user catalog is ~/.local/share/gpufit/catalog.db.
mv "$XDG_DATA_HOME/gpufit/catalog.db" "$T/saved.db"
mkdb "$T/otherxdg/gpufit/catalog.db" other
got=$(XDG_DATA_HOME="$T/otherxdg" source_of)
[ "$got" = "user catalog other" ] || fail "XDG_DATA_HOME honoured: got '$got'"
mv "$T/saved.db" "$HOME/.local/share/gpufit/catalog.db"
got=$(env -u XDG_DATA_HOME "$GPUFIT" catalog status -f json | python3 -c 'import json,sys; print(json.load(sys.stdin)["source"])')
[ "$got" = "user-xdg" ] || fail "~/.local/share fallback: got '$got'"

mkdb "$T/env.db" from-env
got=$(GPUFIT_CATALOG="$T/env.db" source_of)
[ "$got" = "GPUFIT_CATALOG from-env" ] || fail "GPUFIT_CATALOG over user catalog: got '$got'"

mkdb "$T/opt.db" from-option
got=$(GPUFIT_CATALOG="$T/env.db" source_of --catalog "$T/opt.db")
[ "$got" = "--catalog from-option" ] || fail "--catalog over GPUFIT_CATALOG: got '$got'"

# A selected catalog that does not exist is an error, never a silent fallback.
expect_rc 4 env GPUFIT_CATALOG="$T/missing.db" "$GPUFIT" catalog status
expect_grep "gpufit: error: catalog '$T/missing.db': no such file or directory" "$T/err"
expect_rc 4 "$GPUFIT" --catalog "$T/missing.db" catalog list

# A catalog of an unknown schema version is refused.
mkdb "$T/v9.db" v9
sqlite3 "$T/v9.db" "PRAGMA user_version = 9"
expect_rc 4 "$GPUFIT" --catalog "$T/v9.db" catalog status
expect_grep "catalog schema version 9 is not supported" "$T/err"

# The binary needs no file beside it: run it from an empty directory.
mkdir -p "$T/empty" && cp "$GPUFIT" "$T/empty/gpufit"
rm -rf "$XDG_DATA_HOME" "$HOME/.local"
(cd "$T/empty" && ./gpufit catalog show Standard_NC4as_T4_v3 -f json >"$T/out") ||
	fail "binary copied elsewhere cannot show a size"
expect_grep '"sku": "Standard_NC4as_T4_v3"' "$T/out"
finish
