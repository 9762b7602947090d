{{/*
Store resolution: the only place that knows whether a store is bundled (devStore, the NATS dependency) or
external (externalMongodb, externalS3, externalNats). Templates ask these helpers for a Secret name, a key or an
address and never branch on where the store lives.
*/}}

{{/* Secret the chart writes inline external credentials into (only rendered when some are given inline). */}}
{{- define "turnleaf.storesSecretName" -}}
{{- printf "%s-stores" (include "turnleaf.fullname" .) -}}
{{- end -}}

{{- define "turnleaf.devStore.fullname" -}}
{{- printf "%s-devstore" (include "turnleaf.fullname" . | trunc 50 | trimSuffix "-") -}}
{{- end -}}

{{/* MongoDB URI: Secret and key. */}}
{{- define "turnleaf.mongodb.secretName" -}}
{{- if .Values.devStore.enabled -}}
{{- include "turnleaf.devStore.fullname" . -}}
{{- else if .Values.externalMongodb.existingSecret -}}
{{- tpl .Values.externalMongodb.existingSecret . -}}
{{- else -}}
{{- include "turnleaf.storesSecretName" . -}}
{{- end -}}
{{- end -}}

{{- define "turnleaf.mongodb.secretKey" -}}
{{- if and (not .Values.devStore.enabled) .Values.externalMongodb.existingSecret -}}
{{- .Values.externalMongodb.existingSecretUriKey -}}
{{- else -}}
mongodb-uri
{{- end -}}
{{- end -}}

{{/* S3: endpoint, region, buckets, and the Secret with the access key pair. */}}
{{- define "turnleaf.s3.endpoint" -}}
{{- if .Values.devStore.enabled -}}
{{- printf "http://%s-minio.%s.svc.%s:9000" (include "turnleaf.devStore.fullname" .) .Release.Namespace .Values.clusterDomain -}}
{{- else -}}
{{- .Values.externalS3.endpoint -}}
{{- end -}}
{{- end -}}

{{- define "turnleaf.s3.region" -}}
{{- .Values.externalS3.region | default "us-east-1" -}}
{{- end -}}

{{- define "turnleaf.s3.secretName" -}}
{{- if .Values.devStore.enabled -}}
{{- include "turnleaf.devStore.fullname" . -}}
{{- else if .Values.externalS3.existingSecret -}}
{{- tpl .Values.externalS3.existingSecret . -}}
{{- else -}}
{{- include "turnleaf.storesSecretName" . -}}
{{- end -}}
{{- end -}}

{{- define "turnleaf.s3.accessKeyIdKey" -}}
{{- if and (not .Values.devStore.enabled) .Values.externalS3.existingSecret -}}
{{- .Values.externalS3.existingSecretAccessKeyIdKey -}}
{{- else -}}
s3-access-key-id
{{- end -}}
{{- end -}}

{{- define "turnleaf.s3.secretAccessKeyKey" -}}
{{- if and (not .Values.devStore.enabled) .Values.externalS3.existingSecret -}}
{{- .Values.externalS3.existingSecretSecretAccessKeyKey -}}
{{- else -}}
s3-secret-access-key
{{- end -}}
{{- end -}}

{{/* Service name of the NATS dependency: the official chart's own naming ("nats.fullname"). */}}
{{- define "turnleaf.nats.serviceName" -}}
{{- $nats := .Values.nats -}}
{{- if $nats.fullnameOverride -}}
{{- $nats.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default "nats" $nats.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The NATS URL as an env entry's value source: a plain value, or a Secret reference. */}}
{{- define "turnleaf.nats.envSource" -}}
{{- if .Values.nats.enabled -}}
{{- $namespace := .Values.nats.namespaceOverride | default .Release.Namespace -}}
{{- $port := dig "config" "nats" "port" 4222 .Values.nats -}}
value: {{ printf "nats://%s.%s.svc.%s:%d" (include "turnleaf.nats.serviceName" .) $namespace .Values.clusterDomain (int $port) | quote }}
{{- else if .Values.externalNats.existingSecret -}}
valueFrom:
  secretKeyRef:
    name: {{ tpl .Values.externalNats.existingSecret . }}
    key: {{ .Values.externalNats.existingSecretUrlKey }}
{{- else -}}
value: {{ .Values.externalNats.url | quote }}
{{- end -}}
{{- end -}}

{{/* Whether the chart must write the stores Secret (some external credential given inline). */}}
{{- define "turnleaf.storesSecretNeeded" -}}
{{- if not .Values.devStore.enabled -}}
{{- if or (and .Values.externalMongodb.uri (not .Values.externalMongodb.existingSecret)) (and (or .Values.externalS3.accessKeyId .Values.externalS3.secretAccessKey) (not .Values.externalS3.existingSecret)) -}}
true
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The store part of a component's environment, from its `stores` flags. Args: (dict "root" $ "c" $component)
*/}}
{{- define "turnleaf.storeEnv" -}}
{{- $root := .root -}}
{{- $stores := .c.stores | default dict -}}
{{- if $stores.mongodb }}
- name: MONGODB_URI
  valueFrom:
    secretKeyRef:
      name: {{ include "turnleaf.mongodb.secretName" $root }}
      key: {{ include "turnleaf.mongodb.secretKey" $root }}
{{- end }}
{{- if $stores.nats }}
- name: NATS_URL
  {{- include "turnleaf.nats.envSource" $root | nindent 2 }}
{{- end }}
{{- if $stores.s3 }}
- name: S3_ENDPOINT
  value: {{ include "turnleaf.s3.endpoint" $root | quote }}
- name: S3_REGION
  value: {{ include "turnleaf.s3.region" $root | quote }}
- name: S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ include "turnleaf.s3.secretName" $root }}
      key: {{ include "turnleaf.s3.accessKeyIdKey" $root }}
- name: S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "turnleaf.s3.secretName" $root }}
      key: {{ include "turnleaf.s3.secretAccessKeyKey" $root }}
{{- $buckets := $stores.buckets | default list }}
{{- if has "sources" $buckets }}
- name: S3_BUCKET_SOURCES
  value: {{ $root.Values.externalS3.buckets.sources | quote }}
{{- end }}
{{- if has "books" $buckets }}
- name: S3_BUCKET_BOOKS
  value: {{ $root.Values.externalS3.buckets.books | quote }}
{{- end }}
{{- if has "assets" $buckets }}
- name: S3_BUCKET_ASSETS
  value: {{ $root.Values.externalS3.buckets.assets | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
Licence service secrets (LICENCE_SIGNING_KEY_PEM, LICENCE_CODE_PEPPER): always Secret references, from
`licenceSecrets.existingSecret` or from the chart's own Secret when given inline; none when neither is set (the
service then generates them and keeps them in MongoDB).
*/}}
{{- define "turnleaf.licenceSecretName" -}}
{{- printf "%s-licence" (include "turnleaf.fullname" .) -}}
{{- end -}}

{{/* Whether the chart must write the licence Secret (a licence secret given inline, no existingSecret). */}}
{{- define "turnleaf.licenceSecretNeeded" -}}
{{- $l := .Values.licenceSecrets -}}
{{- if and (not $l.existingSecret) (or $l.signingKeyPem $l.codePepper) -}}
true
{{- end -}}
{{- end -}}

{{/* The licence component's secret environment entries. Args: the root context. */}}
{{- define "turnleaf.licenceSecretEnv" -}}
{{- $l := .Values.licenceSecrets -}}
{{- $entries := list -}}
{{- if $l.existingSecret -}}
  {{- $name := tpl $l.existingSecret . -}}
  {{- with $l.existingSecretSigningKeyKey -}}
    {{- $entries = append $entries (dict "env" "LICENCE_SIGNING_KEY_PEM" "secret" $name "key" .) -}}
  {{- end -}}
  {{- with $l.existingSecretCodePepperKey -}}
    {{- $entries = append $entries (dict "env" "LICENCE_CODE_PEPPER" "secret" $name "key" .) -}}
  {{- end -}}
{{- else -}}
  {{- if $l.signingKeyPem -}}
    {{- $entries = append $entries (dict "env" "LICENCE_SIGNING_KEY_PEM" "secret" (include "turnleaf.licenceSecretName" .) "key" "signing-key.pem") -}}
  {{- end -}}
  {{- if $l.codePepper -}}
    {{- $entries = append $entries (dict "env" "LICENCE_CODE_PEPPER" "secret" (include "turnleaf.licenceSecretName" .) "key" "code-pepper") -}}
  {{- end -}}
{{- end -}}
{{- range $entries }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: {{ .key }}
{{- end }}
{{- end -}}
