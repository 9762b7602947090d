{{/* Names, labels and the per-component view of the values. Store wiring lives in _stores.tpl. */}}

{{- define "turnleaf.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "turnleaf.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "turnleaf.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of a component's Deployment, Service, PDB and HPA. Args: (dict "root" $ "name" "book") */}}
{{- define "turnleaf.componentName" -}}
{{- printf "%s-%s" (include "turnleaf.fullname" .root | trunc 52 | trimSuffix "-") .name -}}
{{- end -}}

{{/* Labels on every resource. */}}
{{- define "turnleaf.labels" -}}
helm.sh/chart: {{ include "turnleaf.chart" . }}
app.kubernetes.io/name: {{ include "turnleaf.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: turnleaf
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Selector labels of one component. Args: (dict "root" $ "name" "book") */}}
{{- define "turnleaf.selectorLabels" -}}
app.kubernetes.io/name: {{ include "turnleaf.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* All labels of one component's resources. Args: (dict "root" $ "name" "book") */}}
{{- define "turnleaf.componentLabels" -}}
{{ include "turnleaf.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "turnleaf.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "turnleaf.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
A component's effective settings: `default` deep-merged under `components.<name>` (the component wins; lists
are replaced, not merged). Returned as YAML; use with fromYaml. Args: (dict "root" $ "name" "book")
*/}}
{{- define "turnleaf.component" -}}
{{- $component := get .root.Values.components .name | default dict -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.default) (deepCopy $component)) -}}
{{- end -}}

{{/* Names of the enabled components, sorted. Returned as a YAML list; use with fromYamlArray. */}}
{{- define "turnleaf.enabledComponents" -}}
{{- $names := list -}}
{{- range $name, $component := .Values.components -}}
{{- if $component.enabled -}}
{{- $names = append $names $name -}}
{{- end -}}
{{- end -}}
{{- toYaml (sortAlpha $names) -}}
{{- end -}}

{{/* Image reference of a component. Args: (dict "root" $ "name" "book" "c" $component) */}}
{{- define "turnleaf.image" -}}
{{- $image := .c.image -}}
{{- $repository := $image.repository -}}
{{- if not (get (get .root.Values.components .name | default dict) "image" | default dict).repository -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" .root.Values.default.image.repository) .name -}}
{{- end -}}
{{- if $image.registry -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" $image.registry) $repository -}}
{{- end -}}
{{- if $image.digest -}}
{{- printf "%s@%s" $repository $image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository (toString ($image.tag | default .root.Chart.AppVersion)) -}}
{{- end -}}
{{- end -}}

{{/* `host:port` of a component inside the cluster. Args: (dict "root" $ "name" "power") */}}
{{- define "turnleaf.componentAddress" -}}
{{- $component := get .root.Values.components .name | default dict -}}
{{- printf "%s:%d" (include "turnleaf.componentName" .) (int $component.port) -}}
{{- end -}}

{{/* Environment names the chart sets itself; user env may not redefine them. */}}
{{- define "turnleaf.reservedEnv" -}}
{{- $names := list "HOST" "PORT" "GRPC_HOST" "GRPC_PORT" "MONGODB_URI" "NATS_URL" "S3_ENDPOINT" "S3_REGION" "S3_ACCESS_KEY_ID" "S3_SECRET_ACCESS_KEY" "S3_BUCKET_SOURCES" "S3_BUCKET_BOOKS" "S3_BUCKET_ASSETS" "OTEL_SERVICE_NAME" "METRICS_PORT" "LICENCE_SIGNING_KEY_PEM" "LICENCE_CODE_PEPPER" "SUPPORT_CONTACT" -}}
{{- range $name, $component := .Values.components -}}
{{- $names = append $names (printf "%s_SERVICE_ADDR" (upper $name)) -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/*
Every problem with the values, listed at once (as the services do with their environment); rendering fails
when there is one.
*/}}
{{- define "turnleaf.validateValues" -}}
{{- $problems := list -}}
{{- $v := .Values -}}
{{- if $v.devStore.enabled -}}
  {{- if or $v.externalMongodb.uri $v.externalMongodb.existingSecret -}}
    {{- $problems = append $problems "devStore.enabled and externalMongodb are both set: choose one" -}}
  {{- end -}}
  {{- if or $v.externalS3.endpoint $v.externalS3.existingSecret $v.externalS3.accessKeyId $v.externalS3.secretAccessKey -}}
    {{- $problems = append $problems "devStore.enabled and externalS3 are both set: choose one" -}}
  {{- end -}}
{{- else -}}
  {{- if not (or $v.externalMongodb.uri $v.externalMongodb.existingSecret) -}}
    {{- $problems = append $problems "MongoDB: set externalMongodb.existingSecret (or externalMongodb.uri), or devStore.enabled=true for a trial" -}}
  {{- end -}}
  {{- if and $v.externalMongodb.uri (not (regexMatch "^mongodb(\\+srv)?://" $v.externalMongodb.uri)) -}}
    {{- $problems = append $problems "externalMongodb.uri: expected a mongodb:// or mongodb+srv:// URI" -}}
  {{- end -}}
  {{- if not $v.externalS3.endpoint -}}
    {{- $problems = append $problems "S3: set externalS3.endpoint, or devStore.enabled=true for a trial" -}}
  {{- end -}}
  {{- if not (or $v.externalS3.existingSecret (and $v.externalS3.accessKeyId $v.externalS3.secretAccessKey)) -}}
    {{- $problems = append $problems "S3: set externalS3.existingSecret (or externalS3.accessKeyId and externalS3.secretAccessKey), or devStore.enabled=true" -}}
  {{- end -}}
{{- end -}}
{{- with $v.licenceSecrets -}}
  {{- if and .existingSecret (or .signingKeyPem .codePepper) -}}
    {{- $problems = append $problems "licenceSecrets: existingSecret and inline signingKeyPem/codePepper are both set: choose one" -}}
  {{- end -}}
  {{- if and .codePepper (lt (len .codePepper) 32) -}}
    {{- $problems = append $problems "licenceSecrets.codePepper: at least 32 characters" -}}
  {{- end -}}
{{- end -}}
{{- $problems = concat $problems (include "turnleaf.paymentsProblems" . | fromYamlArray) -}}
{{- if not $v.nats.enabled -}}
  {{- if not (or $v.externalNats.url $v.externalNats.existingSecret) -}}
    {{- $problems = append $problems "NATS: nats.enabled=false needs externalNats.url or externalNats.existingSecret" -}}
  {{- end -}}
  {{- if and $v.externalNats.url (not (regexMatch "^(nats|tls|wss?)://" $v.externalNats.url)) -}}
    {{- $problems = append $problems "externalNats.url: expected a nats:// URL" -}}
  {{- end -}}
{{- end -}}
{{- $reserved := include "turnleaf.reservedEnv" . | fromYamlArray -}}
{{- $known := list "gateway" "book" "power" "upload" "conversion" "licence" "language" "insight" -}}
{{- range $name, $raw := $v.components -}}
  {{- if not (has $name $known) -}}
    {{- $problems = append $problems (printf "components.%s: unknown component (known: %s)" $name (join ", " $known)) -}}
  {{- end -}}
  {{- $c := include "turnleaf.component" (dict "root" $ "name" $name) | fromYaml -}}
  {{- range $key, $value := merge (dict) ($c.env | default dict) ($c.secretEnv | default dict) -}}
    {{- if has $key $reserved -}}
      {{- $problems = append $problems (printf "components.%s: %s is set by the chart and may not be overridden" $name $key) -}}
    {{- end -}}
  {{- end -}}
  {{- range $peer := $c.peers | default list -}}
    {{- if not (hasKey $v.components $peer) -}}
      {{- $problems = append $problems (printf "components.%s.peers: unknown component %s" $name $peer) -}}
    {{- else if and $c.enabled (not (get $v.components $peer).enabled) -}}
      {{- $problems = append $problems (printf "components.%s needs %s, which is disabled" $name $peer) -}}
    {{- end -}}
  {{- end -}}
  {{- if and $v.externalMongodb.singleWriter $c.enabled ($c.stores | default dict).mongodb (or $c.autoscaling.enabled (gt (int $c.replicas) 1)) -}}
    {{- $problems = append $problems (printf "components.%s: externalMongodb.singleWriter (the embedded store) allows one replica and no autoscaling" $name) -}}
  {{- end -}}
  {{- if and $c.autoscaling.enabled (gt (int $c.autoscaling.minReplicas) (int $c.autoscaling.maxReplicas)) -}}
    {{- $problems = append $problems (printf "components.%s.autoscaling: minReplicas is above maxReplicas" $name) -}}
  {{- end -}}
{{- end -}}
{{- range $key, $value := $v.default.env -}}
  {{- if has $key $reserved -}}
    {{- $problems = append $problems (printf "default.env: %s is set by the chart and may not be overridden" $key) -}}
  {{- end -}}
{{- end -}}
{{- if $problems -}}
{{- fail (printf "\nturnleaf: invalid values\n  - %s" (join "\n  - " $problems)) -}}
{{- end -}}
{{- end -}}

{{/*
The gateway's PUBLIC_URL: publicUrl, else the Ingress's first host (https when it has TLS); empty without either.
*/}}
{{- define "turnleaf.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- with (index .Values.ingress.hosts 0).host -}}
{{- ternary "https" "http" (gt (len $.Values.ingress.tls) 0) }}://{{ . -}}
{{- end -}}
{{- end -}}
{{- end -}}
