# Sourced by tests/fuzz/run.sh and tests/cli/fuzz-replay.sh (from the
# repository root): the seed inputs and the dictionary of each harness.
# Seeds are the golden inputs and fixtures the other tests already use, plus
# tests/fuzz/corpus/NAME/ where a parser has none elsewhere.

# fuzz_seeds NAME: prints the seed files of harness NAME, one a line.
fuzz_seeds() {
	case $1 in
	profile | plan)
		ls examples/*.yaml tests/golden/profile/inputs/*.yaml \
			tests/golden/check/inputs/*.yaml tests/golden/pack/inputs/*.yaml ;;
	prices | refresh)
		ls tests/fuzz/corpus/prices/*.json ;;
	dcgm)
		ls tests/fixtures/telemetry/*.prom ;;
	nvsmi)
		ls tests/fixtures/telemetry/*.csv ;;
	dcgmi)
		ls tests/fixtures/telemetry/dmon.txt ;;
	promjson)
		ls tests/fixtures/telemetry/*.json ;;
	diff)
		ls tests/golden/diff/inputs/*.json tests/golden/check/inputs/*.json ;;
	k8slint)
		ls tests/fixtures/k8s-lint/*.yaml tests/golden/k8s/*-yaml.out \
			tests/fuzz/corpus/k8slint/* ;;
	azure)
		ls tests/fixtures/azure/*.json ;;
	hfconfig)
		ls tests/fixtures/hf_config/*.json ;;
	promapi)
		ls tests/fixtures/telemetry/*.json tests/fuzz/corpus/promapi/* ;;
	hosts)
		ls tests/fixtures/telemetry/hosts.txt tests/fuzz/corpus/hosts/* ;;
	columns)
		ls tests/fixtures/telemetry/smi-noheader.csv tests/fuzz/corpus/columns/* ;;
	escape | writers | cli | catalogdb)
		ls tests/fuzz/corpus/"$1"/* ;;
	*)
		echo "fuzz: no seeds for '$1'" >&2; return 1 ;;
	esac
}

# fuzz_dict NAME: the libFuzzer dictionary of harness NAME.
fuzz_dict() {
	case $1 in
	profile | plan) echo tests/fuzz/dict/profile.dict ;;
	prices | refresh | diff) echo tests/fuzz/dict/json.dict ;;
	promapi) echo tests/fuzz/dict/telemetry.dict ;;
	hosts | columns) echo tests/fuzz/dict/text.dict ;;
	azure) echo tests/fuzz/dict/azure.dict ;;
	dcgm | promjson) echo tests/fuzz/dict/telemetry.dict ;;
	nvsmi | dcgmi) echo tests/fuzz/dict/text.dict ;;
	k8slint) echo tests/fuzz/dict/k8s.dict ;;
	hfconfig) echo tests/fuzz/dict/hfconfig.dict ;;
	escape | writers) echo tests/fuzz/dict/escape.dict ;;
	cli) echo tests/fuzz/dict/cli.dict ;;
	catalogdb) echo tests/fuzz/dict/catalogdb.dict ;;
	esac
}
