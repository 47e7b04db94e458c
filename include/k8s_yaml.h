/*
 * k8s_yaml.h - writes JSON values as YAML through libyaml's emitter: one
 * document per element of an array, keys in the order the objects hold them
 * (so the output is stable), strings quoted whenever a YAML 1.1 or 1.2
 * reader would take them for another type ("1", "true", "null", "0x1f").
 * The only module that emits YAML (profile.c reads it).
 */
#ifndef GPUFIT_K8S_YAML_H
#define GPUFIT_K8S_YAML_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* Writes every element of docs (a JSON array) as one "---" document to f.
 * Returns 0, or -1 with a one-line reason in err. */
int k8s_yaml_write(FILE *f, const cJSON *docs, char *err, size_t errlen);

/* 1 when the plain scalar s would not read back as the string s. */
int k8s_yaml_needs_quotes(const char *s);

#endif
