#!/bin/bash
# Start-up stays cheap: libcurl (and the TLS, Kerberos and LDAP libraries it
# pulls in) is loaded only by commands that go to the network, so it must not
# be among the libraries the binary needs at start.
. "$(dirname "$0")/lib.bash"
command -v ldd >/dev/null || { echo "ldd not found"; exit 1; }
ldd "$GPUFIT" >"$T/ldd" || fail "ldd failed"
grep -q 'libsqlite3' "$T/ldd" || fail "ldd output unexpected: $(cat "$T/ldd")"
grep -q 'libcurl' "$T/ldd" && fail "gpufit links libcurl at start-up"
# ...and the commands that need it still load it.
expect_rc 4 "$GPUFIT" --catalog "$T/c.db" catalog refresh --api-url http://127.0.0.1:9/ --region eastus --retries 0 --timeout 2
expect_grep "catalog refresh failed" "$T/err"
finish
