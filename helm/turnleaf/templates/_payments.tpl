{{/*
The power service's payment settings (values `payments.*`, issue #38): the provider, the prices, and the
provider's keys read from `payments.stripe.existingSecret`.
*/}}
{{- define "turnleaf.paymentsEnv" -}}
{{- with .Values.payments -}}
- name: PAYMENT_PROVIDER
  value: {{ .provider | quote }}
- name: PAYMENT_CURRENCY
  value: {{ .currency | quote }}
- name: POINT_PRICE
  value: {{ .pointPrice | quote }}
- name: POINT_PACKS
  value: {{ .pointPacks | quote }}
- name: VIP_MONTHLY_PRICE
  value: {{ .vipMonthlyPrice | quote }}
- name: VIP_YEARLY_PRICE
  value: {{ .vipYearlyPrice | quote }}
- name: LICENCE_HOLDER_POINTS
  value: {{ .licenceHolderPoints | quote }}
{{- if eq .provider "stripe" }}
{{- with .stripe.apiBase }}
- name: STRIPE_API_BASE
  value: {{ . | quote }}
{{- end }}
- name: STRIPE_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ tpl .stripe.existingSecret $ }}
      key: {{ .stripe.existingSecretKeyKey }}
- name: STRIPE_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ tpl .stripe.existingSecret $ }}
      key: {{ .stripe.existingSecretWebhookKey }}
{{- end }}
{{- end -}}
{{- end -}}

{{/* Problems with the payment values (listed by turnleaf.validateValues). */}}
{{- define "turnleaf.paymentsProblems" -}}
{{- $problems := list -}}
{{- if and (eq .Values.payments.provider "stripe") (not .Values.payments.stripe.existingSecret) -}}
{{- $problems = append $problems "payments.provider=stripe needs payments.stripe.existingSecret (the secret key and the webhook signing secret)" -}}
{{- end -}}
{{- toYaml $problems -}}
{{- end -}}
