#!/usr/bin/env python3
"""A stand-in for the Azure Retail Prices API, for tests and benchmarks.

Serves GET /api/retail/prices in the real API's page format (BillingCurrency,
CustomerEntityId, CustomerEntityType, Items, NextPageLink, Count; items with
the real field names, casing and nesting, savingsPlan on Linux consumption
rows, reservationTerm on reservations).  Honours $filter on armRegionName and
serviceName, $skip, and currencyCode.  Binds 127.0.0.1 only and prints the
port it listens on as the first line of stdout.

Faults are chosen per request by a path prefix, so one server serves every
test:  /fault/SPEC/api/retail/prices?...  where SPEC is a comma list of

  429xN  503xN  500xN   the first N tries of each URL get that status
                        (429 with Retry-After: 1), then the page
  429always             every try gets 429 with Retry-After: 1
  429wait               429 with Retry-After: 120
  reset                 page 2: the connection is reset (RST), no reply
  hang                  page 2: the server accepts and says nothing
  truncate              page 2: half the body, then the connection closes
  badjson               page 2: a body that is not JSON
  noitems               page 2: a page without "Items"
  offhost               page 1 links to another host
  loop                  the last page links back to page 2
  emptylink             the last page has NextPageLink "" instead of null
  empty=REGION          REGION answers with no items at all
  only=N                only the first N sizes of the data set
  pagesize=N            items per page (default 1000, as the real API)
  slow=S                sleep S seconds before each page

The data set has, per region, every row kind of one size that the real API
lists (13 rows per size: Linux and Windows payg, spot, low priority, dev/test,
Cloud Services, 1- and 3-year reservations, savings plans) for a few GPU
sizes, plus a non-GPU size, an unknown GPU size, a duplicate spot row, an
expired row, a zero price and a whitespace-padded row.

--bench-items N switches to a large synthetic data set for benchmarks: N
items per region, realistic row mix, served from pre-rendered page templates
so the server is not the bottleneck.
"""
import argparse
import json
import re
import socket
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_PATH = "/api/retail/prices"

# (armSkuName, product series, meter base, Linux payg USD/h in eastus)
GPU_SIZES = [
    ("Standard_NC24ads_A100_v4", "NCadsA100v4", "NC24ads A100 v4", 3.673),
    ("Standard_ND96isr_H100_v5", "NDisrH100v5", "ND96isr H100 v5", 98.32),
    ("Standard_NC4as_T4_v3", "NCasT4v3", "NC4as T4 v3", 0.526),
    ("Standard_NV36ads_A10_v5", "NVadsA10v5", "NV36ads A10 v5", 3.2),
    # Not in gpufit's spec tables: a new series must be kept as "spec unknown".
    ("Standard_NZ40ads_Z1_v9", "NZadsZ1v9", "NZ40ads Z1 v9", 7.5),
]
NON_GPU = ("Standard_D4s_v5", "Dsv5", "D4s v5", 0.192)

REGION_FACTOR = {"eastus": 1.0, "westeurope": 1.1, "westus2": 1.0}
CURRENCY_RATE = {"USD": 1.0, "EUR": 0.9, "GBP": 0.8}
LOCATION = {"eastus": "US East", "westeurope": "EU West", "westus2": "US West 2"}


def h(*parts):
    """A stable hash (Python's hash() is salted per process)."""
    return zlib.crc32(repr(parts).encode())


def r6(x):
    return round(x, 6)


def base_item(sku, series, meter, region, currency, price, product, sku_name, typ,
              start="2024-06-01T00:00:00Z"):
    return {
        "currencyCode": currency,
        "tierMinimumUnits": 0.0,
        "retailPrice": price,
        "unitPrice": price,
        "armRegionName": region,
        "location": LOCATION.get(region, region),
        "effectiveStartDate": start,
        "meterId": "%08x-0000-5000-8000-%012x" % (h(sku, sku_name, typ), h(sku, product)),
        "meterName": sku_name,
        "productId": "DZH318Z0%04X" % (h(series) % 65536),
        "skuId": "DZH318Z0%04X/%04X" % (h(series) % 65536, h(sku_name, typ) % 65536),
        "productName": product,
        "skuName": sku_name,
        "serviceName": "Virtual Machines",
        "serviceId": "DZH313Z7MMC8",
        "serviceFamily": "Compute",
        "unitOfMeasure": "1 Hour",
        "type": typ,
        "isPrimaryMeterRegion": True,
        "armSkuName": sku,
    }


def size_rows(sku, series, meter, payg, region, currency):
    """The 13 rows the real API lists for one size in one region."""
    vm = "Virtual Machines %s Series" % series
    win = vm + " Windows"
    cs = "%s Series Cloud Services" % series
    spot = r6(payg * 0.2)
    wpay = r6(payg * 1.2)
    lp = r6(payg * 0.1)

    def it(price, product, name, typ="Consumption"):
        return base_item(sku, series, meter, region, currency, price, product, name, typ)

    payg_row = it(payg, vm, meter)
    payg_row["savingsPlan"] = [
        {"unitPrice": r6(payg * 0.45), "retailPrice": r6(payg * 0.45), "term": "3 Years"},
        {"unitPrice": r6(payg * 0.7), "retailPrice": r6(payg * 0.7), "term": "1 Year"},
    ]
    ri1 = it(round(payg * 8760 * 0.6, 2), vm, meter, "Reservation")
    ri1["reservationTerm"] = "1 Year"
    ri3 = it(round(payg * 26280 * 0.4, 2), vm, meter, "Reservation")
    ri3["reservationTerm"] = "3 Years"
    # Reservation rows carry reservationTerm before retailPrice, as the API does.
    for r in (ri1, ri3):
        term = r.pop("reservationTerm")
        items = list(r.items())
        r.clear()
        r.update(items[:2])
        r["reservationTerm"] = term
        r.update(items[2:])
    return [
        it(lp, cs, meter + " Low Priority"),
        it(lp, vm, meter + " Low Priority"),
        payg_row,
        ri1,
        ri3,
        it(wpay, win, meter),
        it(payg, win, meter, "DevTestConsumption"),
        it(spot, vm, meter + " Spot"),
        it(r6(wpay * 0.2), win, meter + " Spot"),
        it(spot, win, meter + " Spot", "DevTestConsumption"),
        it(wpay, cs, meter),
        it(lp, win, meter + " Low Priority"),
        it(lp, win, meter + " Low Priority", "DevTestConsumption"),
    ]


def small_items(region, currency, only):
    f = REGION_FACTOR.get(region, 1.05) * CURRENCY_RATE.get(currency, 1.0)
    sizes = GPU_SIZES[:only] if only is not None else GPU_SIZES
    out = []
    for sku, series, meter, payg in sizes:
        out += size_rows(sku, series, meter, r6(payg * f), region, currency)
    if only is not None:
        return out
    sku, series, meter, payg = NON_GPU
    out += size_rows(sku, series, meter, r6(payg * f), region, currency)
    a100 = GPU_SIZES[0]
    vm = "Virtual Machines %s Series" % a100[1]
    # An older payg row whose effectiveEndDate has passed: never a price.
    old = base_item(a100[0], a100[1], a100[2], region, currency, 9.99, vm, a100[2],
                    "Consumption", start="2020-01-01T00:00:00Z")
    old["effectiveEndDate"] = "2024-05-31T23:59:59Z"
    out.append(old)
    # Two spot rows for the same key: the later effectiveStartDate wins.
    out.append(base_item(a100[0], a100[1], a100[2], region, currency, r6(0.5 * f), vm,
                         a100[2] + " Spot", "Consumption", start="2024-01-01T00:00:00Z"))
    out.append(base_item(a100[0], a100[1], a100[2], region, currency, r6(0.6 * f), vm,
                         a100[2] + " Spot", "Consumption", start="2024-09-01T00:00:00Z"))
    # A zero price (preview sizes are listed at 0): not a price.
    out.append(base_item("Standard_NC40ads_H100_v5", "NCadsH100v5", "NC40ads H100 v5", region,
                         currency, 0.0, "Virtual Machines NCadsH100v5 Series",
                         "NC40ads H100 v5", "Consumption"))
    # Padded strings, as the API has shipped them.
    pad = base_item(" Standard_NC8as_T4_v3 ", "NCasT4v3", "NC8as T4 v3", " %s " % region,
                    currency, r6(0.752 * f), "Virtual Machines NCasT4v3 Series ",
                    "NC8as T4 v3 ", "Consumption ")
    out.append(pad)
    return out


class Bench:
    """Large synthetic data: per region, `n` items in pages of `size`."""

    def __init__(self, n, size):
        self.n = n
        self.size = size
        self.templates = {}
        self.lock = threading.Lock()
        # ~8% GPU sizes, the rest general-purpose, as in a real region.
        self.skus = [(s, se, m, p) for s, se, m, p in GPU_SIZES]
        for i in range(2, 600):
            self.skus.append(("Standard_D%ds_v%d" % (i, 3 + i % 4), "Dsv%d" % (3 + i % 4),
                              "D%ds v%d" % (i, 3 + i % 4), r6(0.048 * i)))
        for i in range(0, 48):
            self.skus.append(("Standard_NC%dads_G%d_v%d" % (4 + i, i, 4 + i % 3),
                              "NCadsG%dv%d" % (i, 4 + i % 3),
                              "NC%dads G%d v%d" % (4 + i, i, 4 + i % 3), r6(0.9 + i * 0.37)))

    def rows(self, start, count):
        out = []
        k = start // 13
        while len(out) < start % 13 + count:
            sku, series, meter, payg = self.skus[k % len(self.skus)]
            if k >= len(self.skus):
                sku = "%s_r%d" % (sku, k // len(self.skus))
            out += size_rows(sku, series, meter, payg, "@REGION@", "USD")
            k += 1
        return out[start % 13:start % 13 + count]

    def page(self, skip):
        """A pre-rendered page body with @REGION@ and @NEXT@ placeholders."""
        with self.lock:
            t = self.templates.get(skip)
            if t is None:
                count = max(0, min(self.size, self.n - skip))
                items = self.rows(skip, count)
                doc = {"BillingCurrency": "USD", "CustomerEntityId": "Default",
                       "CustomerEntityType": "Retail", "Items": items,
                       "NextPageLink": "@NEXT@", "Count": len(items)}
                t = json.dumps(doc).encode()
                self.templates[skip] = t
            return t


def parse_spec(spec):
    faults = {}
    for tok in filter(None, spec.split(",")):
        if "=" in tok:
            k, v = tok.split("=", 1)
            faults[k] = v
        else:
            m = re.fullmatch(r"(429|500|503)x(\d+)", tok)
            if m:
                faults["status"] = (int(m.group(1)), int(m.group(2)))
            else:
                faults[tok] = True
    return faults


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeRetailPrices/1.0"

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("fake-api: " + fmt % args + "\n")

    def send_body(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def tries(self, key):
        with self.server.lock:
            n = self.server.counts.get(key, 0) + 1
            self.server.counts[key] = n
            return n

    def reset(self):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()
        self.close_connection = True

    def do_GET(self):
        path, _, query = self.path.partition("?")
        faults = {}
        m = re.fullmatch(r"/fault/([^/]*)(/.*)", path)
        prefix = ""
        if m:
            prefix = "/fault/" + m.group(1)
            faults = parse_spec(urllib.parse.unquote(m.group(1)))
            path = m.group(2)
        if path != API_PATH:
            self.send_body(404, b'{"Error":{"Code":"NotFound"}}')
            return
        params = urllib.parse.parse_qs(query, keep_blank_values=True)
        filt = params.get("$filter", [""])[0]
        skip = int(params.get("$skip", ["0"])[0] or 0)
        currency = params.get("currencyCode", ["'USD'"])[0].strip("'") or "USD"
        rm = re.search(r"armRegionName eq '([^']*)'", filt)
        region = rm.group(1) if rm else None
        sm = re.search(r"serviceName eq '([^']*)'", filt)
        page_no = 1 + skip // self.server.page_size_for(faults)

        if "slow" in faults:
            time.sleep(float(faults["slow"]))
        st = faults.get("status")
        if st and self.tries(("status", self.path)) <= st[1]:
            hdr = [("Retry-After", "1")] if st[0] == 429 else []
            self.send_body(st[0], b'{"Error":{"Code":"Busy"}}', hdr)
            return
        if "429always" in faults:
            self.send_body(429, b'{"Error":{"Code":"TooManyRequests"}}', [("Retry-After", "1")])
            return
        if "429wait" in faults:
            self.send_body(429, b'{"Error":{"Code":"TooManyRequests"}}',
                           [("Retry-After", "120")])
            return
        if page_no == 2 and "reset" in faults:
            self.reset()
            return
        if page_no == 2 and "hang" in faults:
            time.sleep(30)
            self.reset()
            return
        if page_no == 2 and "badjson" in faults:
            self.send_body(200, b'{"BillingCurrency":"USD","Items":[{"armSkuName": oops}]}')
            return

        host = self.headers.get("Host") or "127.0.0.1:%d" % self.server.server_port
        base = "http://%s%s%s" % (host, prefix, API_PATH)
        keep = [(k, v) for k, v in urllib.parse.parse_qsl(query, keep_blank_values=True)
                if k != "$skip"]

        def link(to_skip):
            q = urllib.parse.urlencode(keep + [("$skip", str(to_skip))], safe="$",
                                       quote_via=urllib.parse.quote)
            return "%s?%s" % (base, q)

        if self.server.bench:
            self.serve_bench(region, skip, link)
            return

        items = []
        if region is not None and faults.get("empty") != region:
            only = int(faults["only"]) if "only" in faults else None
            items = small_items(region, currency, only)
        if sm:
            items = [i for i in items if i["serviceName"].strip() == sm.group(1)]
        size = self.server.page_size_for(faults)
        page = items[skip:skip + size]
        nxt = link(skip + size) if skip + size < len(items) else None
        if nxt is None and "emptylink" in faults:
            nxt = ""
        if nxt is None and "loop" in faults:
            nxt = link(size)
        if page_no == 1 and "offhost" in faults:
            nxt = "https://prices.example.com" + API_PATH + "?$skip=%d" % size
        doc = {"BillingCurrency": currency, "CustomerEntityId": "Default",
               "CustomerEntityType": "Retail", "Items": page, "NextPageLink": nxt,
               "Count": len(page)}
        if page_no == 2 and "noitems" in faults:
            del doc["Items"]
        body = json.dumps(doc, indent=1).encode()
        if page_no == 2 and "truncate" in faults:
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[:len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.send_body(200, body)

    def serve_bench(self, region, skip, link):
        b = self.server.bench
        t = b.page(skip)
        nxt = link(skip + b.size) if skip + b.size < b.n else None
        body = t.replace(b"@REGION@", (region or "").encode())
        body = body.replace(b'"@NEXT@"', json.dumps(nxt).encode())
        self.send_body(200, body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, page_size, bench, verbose):
        super().__init__(addr, Handler)
        self.page_size = page_size
        self.bench = bench
        self.verbose = verbose
        self.lock = threading.Lock()
        self.counts = {}

    def page_size_for(self, faults):
        if self.bench:
            return self.bench.size
        return int(faults.get("pagesize", self.page_size))

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--page-size", type=int, default=1000)
    ap.add_argument("--bench-items", type=int, default=0,
                    help="serve N synthetic items per region (benchmark)")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    bench = Bench(a.bench_items, a.page_size) if a.bench_items else None
    srv = Server(("127.0.0.1", a.port), a.page_size, bench, a.verbose)
    print(srv.server_port, flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
