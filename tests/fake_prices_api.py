#!/usr/bin/env python3
"""A stand-in for the Azure Retail Prices API, for tests and benchmarks.

Serves GET /api/retail/prices in the real API's page format (BillingCurrency,
CustomerEntityId, CustomerEntityType, Items, NextPageLink, Count; items with
the real field names, casing and nesting, savingsPlan on Linux consumption
rows, reservationTerm on reservations).  Honours $skip, currencyCode and a
$filter of terms joined by " and ": `field eq 'value'` and
`contains(field, 'value')`, values compared case-sensitively as the API does
from api-version 2023-01-01-preview on (field names case-insensitively); any
other filter is answered 400, as the API answers a filter it cannot parse.
armRegionName eq picks the region whose items are generated.  Answers gzip
(Content-Encoding: gzip) to a request whose Accept-Encoding allows it (not
with --no-gzip).  Binds
127.0.0.1 only and prints the port it listens on as the first line of stdout.

GET /stats returns what the server saw, as JSON: requests, gzip (answers
compressed), connections (TCP connections accepted), filters (each $filter
text with its count), throttled (requests that arrived during a throttle
window, see below); /stats?reset=1 also zeroes them.

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
  nocontains            a $filter using contains() is answered 400
  bandwidth             the failures above hit the serviceName eq 'Bandwidth'
                        requests only; without it they hit the others only
                        (only, pagesize, slow, nocontains and throttle hit
                        every request)
  bigprice=V            page 1: the first GPU size's Linux payg row costs V (1e308)
  currency=C            page 1: every item's currencyCode is C (whatever was asked)
  endless               every page links to one more (empty) page, forever
  throttle=S            the first request under this prefix is answered 429
                        with Retry-After: S; requests arriving 0.5 s to S s
                        after it are counted in /stats "throttled" (a client
                        with one shared back-off sends none)

The data set has, per region, every row kind of one size that the real API
lists (13 rows per size: Linux and Windows payg, spot, low priority, dev/test,
Cloud Services, 1- and 3-year reservations, savings plans) for a few GPU
sizes, plus a non-GPU size, an unknown GPU size, a duplicate spot row, an
expired row, a zero price and a whitespace-padded row; and its Bandwidth
rows (serviceName eq 'Bandwidth': internet egress tiers, intra- and
inter-continent transfer out, transfer in, ISP-routing egress), which every
data set serves.

--bench-items N switches to a large synthetic data set for benchmarks: N
items per region, ~8% of them GPU sizes, served from pre-rendered page
templates so the server is not the bottleneck.  --realistic serves instead
what the real API holds for a region, as far as it is known (all figures are
per region, in pages of 1,000):

  - 8,000 Virtual Machines items.  Source: a public cost knowledge base that
    queried serviceName eq 'Virtual Machines' per region for 39 regions on
    2026-07-29 and saw "about 8,000 rows per region" (311,307 rows in all).
  - GPU items: 13 rows per size (the row kinds one size lists, sample B of the
    API notes: Linux/Windows payg, spot, low priority, dev/test, Cloud
    Services, two reservations) times 40 GPU sizes in the regions of
    REALISTIC_LARGE (the 9 regions of the bundled price snapshot, 8 of them
    the US regions of SkyPilot's catalog, which lists 53 N sizes across them)
    and 20 elsewhere: 520 of 8,000 (6.5%) and 260 of 8,000 (3.25%).  No
    source gives the share; this is an estimate, stated as one in
    docs/refresh.md.

--latency S sleeps S seconds before every page (the real API's page latency;
a benchmark uses 0.5).
"""
import argparse
import json
import re
import socket
import struct
import sys
import threading
import time
import gzip
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


# Internet egress (Rtn Preference: MGN, Standard Data Transfer Out): the tier
# ladder (tierMinimumUnits in GB) and USD per GB in a factor-1.0 region.
EGRESS_TIERS = [(0, 0.0), (100, 0.087), (10335, 0.083), (51295, 0.07), (153695, 0.05)]
INTRA_CONTINENT = 0.02
INTER_CONTINENT = 0.05


def bandwidth_rows(region, currency, f):
    """The Bandwidth (serviceName) rows of one region, as the API lists them:
    internet egress tiers, inter-region transfer within and across
    continents, inbound transfer (price 0) and the ISP-routing egress meter.
    Prices are the USD figures above times f."""
    def row(product, meter, price, tier=0.0):
        return {
            "currencyCode": currency,
            "tierMinimumUnits": float(tier),
            "retailPrice": price,
            "unitPrice": price,
            "armRegionName": region,
            "location": LOCATION.get(region, region),
            "effectiveStartDate": "2025-03-01T00:00:00Z",
            "meterId": "%08x-0000-5000-8000-%012x" % (h(region, product, meter),
                                                      h(tier, product)),
            "meterName": meter,
            "productId": "DZH318Z0BPVW",
            "skuId": "DZH318Z0BPVW/%04X" % (h(product, meter) % 65536),
            "productName": product,
            "skuName": "Standard",
            "serviceName": "Bandwidth",
            "serviceId": "DZH313Z7MMC8",
            "serviceFamily": "Networking",
            "unitOfMeasure": "1 GB",
            "type": "Consumption",
            "isPrimaryMeterRegion": True,
            "armSkuName": "",
        }
    out = [row("Rtn Preference: MGN", "Standard Data Transfer Out", r6(p * f), t)
           for t, p in EGRESS_TIERS]
    out.append(row("Rtn Preference: MGN", "Standard Data Transfer In", 0.0))
    out.append(row("Bandwidth - Routing Preference: Internet", "Standard Data Transfer Out",
                   r6(0.08 * f), 100))
    out.append(row("Bandwidth Inter-Region", "Intra Continent Data Transfer Out",
                   r6(INTRA_CONTINENT * f)))
    out.append(row("Bandwidth Inter-Region", "Inter Continent Data Transfer Out - NAM or EU To Any",
                   r6(INTER_CONTINENT * f)))
    return out


def small_items(region, currency, only):
    f = REGION_FACTOR.get(region, 1.05) * CURRENCY_RATE.get(currency, 1.0)
    sizes = GPU_SIZES[:only] if only is not None else GPU_SIZES
    out = bandwidth_rows(region, currency, f)
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


REALISTIC_TOTAL = 8000
REALISTIC_GPU_LARGE = 40
REALISTIC_GPU_SMALL = 20
# The regions of gpufit's bundled price snapshot (catalog/prices.csv), the
# ones where public price files list many GPU sizes.
REALISTIC_LARGE = {"eastus", "eastus2", "centralus", "northcentralus", "southcentralus",
                   "westus", "westus2", "westus3", "indonesiacentral"}


class Bench:
    """Large synthetic data: per region a list of items in pages of `size`.

    realistic=False: `n` items per region, ~8% GPU sizes (the cycle of skus
    below).  realistic=True: REALISTIC_TOTAL items per region, of which 13
    rows per GPU size for REALISTIC_GPU_LARGE or _SMALL sizes, spread evenly
    through the non-GPU rows.  Pages are rendered once per (data set, filter,
    $skip) with @REGION@ and @NEXT@ placeholders."""

    def __init__(self, n, size, realistic=False):
        self.n = n
        self.size = size
        self.realistic = realistic
        self.templates = {}
        self.lists = {}
        self.lock = threading.Lock()
        self.gpu = [(s, se, m, p) for s, se, m, p in GPU_SIZES]
        for i in range(0, 48):
            self.gpu.append(("Standard_NC%dads_G%d_v%d" % (4 + i, i, 4 + i % 3),
                             "NCadsG%dv%d" % (i, 4 + i % 3),
                             "NC%dads G%d v%d" % (4 + i, i, 4 + i % 3), r6(0.9 + i * 0.37)))
        self.other = []
        for i in range(2, 800):
            self.other.append(("Standard_D%ds_v%d" % (i, 3 + i % 4), "Dsv%d" % (3 + i % 4),
                               "D%ds v%d" % (i, 3 + i % 4), r6(0.048 * i)))
        # ~8% GPU sizes, the rest general-purpose (the --bench-items mix).
        self.skus = self.gpu[:5] + self.other[:598] + self.gpu[5:]

    def kind(self, region):
        if not self.realistic:
            return "all"
        return "large" if region in REALISTIC_LARGE else "small"

    def items(self, kind):
        """Every item of a region of this kind, unfiltered."""
        got = self.lists.get(kind)
        if got is not None:
            return got
        out = []
        if kind == "all":
            k = 0
            while len(out) < self.n:
                sku, series, meter, payg = self.skus[k % len(self.skus)]
                if k >= len(self.skus):
                    sku = "%s_r%d" % (sku, k // len(self.skus))
                out += size_rows(sku, series, meter, payg, "@REGION@", "USD")
                k += 1
            out = out[:self.n]
            out += bandwidth_rows("@REGION@", "USD", 1.0)
        else:
            n_gpu = REALISTIC_GPU_LARGE if kind == "large" else REALISTIC_GPU_SMALL
            n_other = (REALISTIC_TOTAL - 13 * n_gpu) // 13
            every = max(1, n_other // n_gpu)
            gi = oi = 0
            while gi < n_gpu or oi < n_other:
                if oi < n_other:
                    sku, series, meter, payg = self.other[oi % len(self.other)]
                    if oi >= len(self.other):
                        sku = "%s_r%d" % (sku, oi // len(self.other))
                    out += size_rows(sku, series, meter, payg, "@REGION@", "USD")
                    oi += 1
                if gi < n_gpu and (oi % every == 0 or oi >= n_other):
                    sku, series, meter, payg = self.gpu[gi % len(self.gpu)]
                    out += size_rows(sku, series, meter, payg, "@REGION@", "USD")
                    gi += 1
            out += size_rows(*self.other[0], "@REGION@", "USD")[:REALISTIC_TOTAL - len(out)]
            out += bandwidth_rows("@REGION@", "USD", 1.0)
        self.lists[kind] = out
        return out

    def count(self, kind, terms):
        return len(self.filtered(kind, terms))

    def filtered(self, kind, terms):
        key = (kind, terms)
        got = self.lists.get(key)
        if got is None:
            got = [i for i in self.items(kind) if matches(i, terms)]
            self.lists[key] = got
        return got

    def page(self, kind, terms, skip):
        """A pre-rendered page body with @REGION@ and @NEXT@ placeholders."""
        with self.lock:
            key = (kind, terms, skip)
            t = self.templates.get(key)
            if t is None:
                items = self.filtered(kind, terms)[skip:skip + self.size]
                doc = {"BillingCurrency": "USD", "CustomerEntityId": "Default",
                       "CustomerEntityType": "Retail", "Items": items,
                       "NextPageLink": "@NEXT@", "Count": len(items)}
                t = json.dumps(doc).encode()
                self.templates[key] = t
            return t


class FilterError(Exception):
    pass


TERM_EQ = re.compile(r"\s*(\w+)\s+eq\s+'([^']*)'\s*")
TERM_CONTAINS = re.compile(r"\s*contains\(\s*(\w+)\s*,\s*'([^']*)'\s*\)\s*")


def parse_filter(text):
    """A $filter as a tuple of (op, field, value); FilterError when it is not
    terms joined by ' and '."""
    terms = []
    if not text.strip():
        return ()
    for part in re.split(r"\s+and\s+(?=(?:[^']*'[^']*')*[^']*$)", text.strip()):
        m = TERM_EQ.fullmatch(part)
        if m:
            terms.append(("eq", m.group(1), m.group(2)))
            continue
        m = TERM_CONTAINS.fullmatch(part)
        if m:
            terms.append(("contains", m.group(1), m.group(2)))
            continue
        raise FilterError(part)
    return tuple(terms)


def field_of(item, name):
    if name.lower() == "pricetype":
        name = "type"
    for k, v in item.items():
        if k.lower() == name.lower():
            return v
    return None


def matches(item, terms):
    """Whether an item passes the filter's terms (armRegionName picks the data
    set instead, so it is not compared here)."""
    for op, name, value in terms:
        if name.lower() == "armregionname":
            continue
        v = field_of(item, name)
        if not isinstance(v, str):
            return False
        if op == "eq" and v.strip() != value:
            return False
        if op == "contains" and value not in v:
            return False
    return True


# Faults that hit every request under the prefix; the others hit only the
# requests of one service (see "bandwidth").
UNSCOPED_FAULTS = {"slow", "pagesize", "only", "nocontains", "throttle"}


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
    # Headers and body go out in two writes; with Nagle's algorithm a body
    # shorter than a segment (a gzip page is ~40 kB, loopback segments 64 kB)
    # waits for the client's delayed ACK of the headers, 40 ms a page.
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("fake-api: " + fmt % args + "\n")

    def send_body(self, status, body, headers=()):
        enc = self.headers.get("Accept-Encoding", "")
        gz = status == 200 and self.server.gzip and any(e.split(";")[0].strip() == "gzip" for e in enc.split(","))
        if gz:
            body = gzip.compress(body, compresslevel=1)
            with self.server.lock:
                self.server.stats["gzip"] += 1
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        if gz:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def send_stats(self, query):
        with self.server.lock:
            body = json.dumps(self.server.stats, sort_keys=True).encode()
            if "reset=1" in query:
                self.server.reset_stats()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def throttle(self, prefix, seconds):
        """True when this request is the one answered 429 (the first under
        prefix); counts requests that arrive during the window."""
        now = time.monotonic()
        with self.server.lock:
            opened = self.server.throttles.get(prefix)
            if opened is None:
                self.server.throttles[prefix] = now
                return True
            if opened + 0.5 <= now < opened + seconds:
                self.server.stats["throttled"] += 1
        return False

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
        if path == "/stats":
            self.send_stats(query)
            return
        with self.server.lock:
            self.server.stats["requests"] += 1
            # One handler per connection: count it at its first request.
            if not getattr(self, "counted", False):
                self.counted = True
                self.server.stats["connections"] += 1
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
        if skip == 0:
            with self.server.lock:
                f = self.server.stats["filters"]
                f[filt] = f.get(filt, 0) + 1
        try:
            terms = parse_filter(filt)
        except FilterError as e:
            self.send_body(400, json.dumps({"Error": {"Code": "BadRequest", "Message":
                                                      "Invalid filter term: %s" % e}}).encode())
            return
        if "nocontains" in faults and any(op == "contains" for op, _, _ in terms):
            self.send_body(400, b'{"Error":{"Code":"BadRequest","Message":"Invalid OData '
                           b'parameters supplied"}}')
            return
        region = None
        service = None
        for op, name, value in terms:
            if op == "eq" and name.lower() == "armregionname":
                region = value
            if op == "eq" and name.lower() == "servicename":
                service = value
        # Failures hit one service's requests: Virtual Machines, or
        # Bandwidth with the "bandwidth" token.
        if ("bandwidth" in faults) != (service == "Bandwidth"):
            faults = {k: v for k, v in faults.items() if k in UNSCOPED_FAULTS}
        page_no = 1 + skip // self.server.page_size_for(faults)

        if self.server.latency:
            time.sleep(self.server.latency)
        if "slow" in faults:
            time.sleep(float(faults["slow"]))
        if "throttle" in faults and self.throttle(prefix, float(faults["throttle"])):
            self.send_body(429, b'{"Error":{"Code":"TooManyRequests"}}',
                           [("Retry-After", faults["throttle"])])
            return
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
            self.serve_bench(region, terms, skip, link)
            return

        items = []
        if region is not None and faults.get("empty") != region:
            only = int(faults["only"]) if "only" in faults else None
            items = small_items(region, currency, only)
        items = [i for i in items if matches(i, terms)]
        size = self.server.page_size_for(faults)
        page = items[skip:skip + size]
        nxt = link(skip + size) if skip + size < len(items) else None
        if "endless" in faults:
            nxt = link(skip + size)
        if page_no == 1 and "bigprice" in faults:
            # the first item that would be taken: a GPU size's Consumption row
            for k, i in enumerate(page):
                name = str(i.get("skuName", "")) + str(i.get("meterName", ""))
                if (i.get("type") == "Consumption" and i.get("retailPrice", 0) > 0 and
                        str(i.get("armSkuName", "")).startswith("Standard_N") and
                        "Low Priority" not in name and "Spot" not in name and
                        "Windows" not in str(i.get("productName", ""))):
                    page = page[:k] + [dict(i, retailPrice=float(faults["bigprice"]))] + page[k + 1:]
                    break
        if page_no == 1 and "currency" in faults:
            page = [dict(i, currencyCode=faults["currency"]) for i in page]
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

    def serve_bench(self, region, terms, skip, link):
        b = self.server.bench
        kind = b.kind(region)
        terms = tuple(t for t in terms if t[1].lower() != "armregionname")
        t = b.page(kind, terms, skip)
        nxt = link(skip + b.size) if skip + b.size < b.count(kind, terms) else None
        body = t.replace(b"@REGION@", (region or "").encode())
        body = body.replace(b'"@NEXT@"', json.dumps(nxt).encode())
        self.send_body(200, body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, page_size, bench, verbose, latency=0.0):
        super().__init__(addr, Handler)
        self.page_size = page_size
        self.bench = bench
        self.verbose = verbose
        self.latency = latency
        self.gzip = True
        self.lock = threading.Lock()
        self.counts = {}
        self.throttles = {}
        self.reset_stats()

    def reset_stats(self):
        self.stats = {"requests": 0, "gzip": 0, "connections": 0, "filters": {},
                      "throttled": 0}

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
    ap.add_argument("--realistic", action="store_true",
                    help="serve the per-region volumes of the real API (benchmark)")
    ap.add_argument("--latency", type=float, default=0.0,
                    help="sleep S seconds before every page")
    ap.add_argument("--no-gzip", action="store_true",
                    help="never compress (a benchmark of the client's parsing)")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    bench = None
    if a.bench_items or a.realistic:
        bench = Bench(a.bench_items, a.page_size, realistic=a.realistic)
    srv = Server(("127.0.0.1", a.port), a.page_size, bench, a.verbose, a.latency)
    srv.gzip = not a.no_gzip
    print(srv.server_port, flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
