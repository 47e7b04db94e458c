// Validates every object of multi-document YAML files against the
// Kubernetes schema of the npm package kubernetes-models, and a KEDA object
// (keda.sh/...) against KEDA's CRD schema of @kubernetes-models/keda (both
// installed by tests/k8s/setup.sh into build/node).  Exit 0 when all are valid, 1 when
// one is not (or a kind has no model: gpufit writes none such), 2 on usage.
// Prints "OK N objects" or one line per invalid object.
'use strict';
const fs = require('fs');
const path = require('path');
const root = process.env.K8S_NODE_DIR;
if (!root || process.argv.length < 3) {
	console.error('usage: K8S_NODE_DIR=build/node node validate-k8s.cjs FILE...');
	process.exit(2);
}
const req = (m) => require(path.resolve(root, 'node_modules', m));
const YAML = req('yaml');
let bad = 0, n = 0;
for (const file of process.argv.slice(2)) {
	const text = fs.readFileSync(file, 'utf8');
	const docs = YAML.parseAllDocuments(text, { merge: true });
	for (const d of docs) {
		if (d.errors.length) {
			console.log(`${file}: YAML error: ${d.errors[0].message}`);
			bad++;
			continue;
		}
		const o = d.toJS();
		if (o === null)
			continue;
		n++;
		const av = String(o.apiVersion || '');
		let mod;
		try {
			mod = av.startsWith('keda.sh/') ? req('@kubernetes-models/keda/' + av)
							 : req('kubernetes-models/' + av);
		} catch (e) {
			console.log(`${file}: ${o.kind} ${av}: no model`);
			bad++;
			continue;
		}
		const K = mod[o.kind];
		if (!K) {
			console.log(`${file}: ${o.kind} ${av}: no model`);
			bad++;
			continue;
		}
		try {
			new K(o).validate();
		} catch (e) {
			console.log(`${file}: ${o.kind} ${o.metadata && o.metadata.name}: ${e.message}`);
			bad++;
		}
	}
}
if (!bad)
	console.log(`OK ${n} objects`);
process.exit(bad ? 1 : 0);
