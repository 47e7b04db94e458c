# The default table of examples/chat-8b.yaml leaves out three sections that
# --details (-v) prints: the rejected table (a blank line, its header, 6
# sizes and the summary line of 33 retired sizes: 9 lines), the MIG section
# no workload is placed in (its title, its summary, a blank line, the pool
# table's header and one row, a blank line, the verdict, a blank line: 8)
# and the assumptions (a title and 11 lines: 12): 9 + 8 + 12 = 29 lines.
# In their place the default ends with one line naming that count, and the
# warning's list of 18 unpriced sizes is cut to its first name: the full
# table has 58 lines, the default 58 - 29 + 1 = 30.
# Its numbers are chat-8b.cmd's: 2 x Standard_NC24ads_A100_v4, eastus payg
# 3.673/h x 2 VMs x 730 h = $5,362.58 (catalog/prices.csv).
gpufit recommend examples/chat-8b.yaml > "$SCRATCH/short"
gpufit recommend --details examples/chat-8b.yaml > "$SCRATCH/long"
gpufit recommend -v examples/chat-8b.yaml | cmp - "$SCRATCH/long" && echo "-v is --details"
wc -l < "$SCRATCH/short"
wc -l < "$SCRATCH/long"
# the lines of the default that the full table does not have
diff "$SCRATCH/short" "$SCRATCH/long" | grep '^<'
# --all-rejected implies --details
gpufit recommend --all-rejected examples/chat-8b.yaml | grep -c '^Standard_NV4as_v4 '
