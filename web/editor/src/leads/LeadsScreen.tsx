import { useCallback, useEffect, useState } from "react";
import { call, type ReadyConfig } from "../api.js";
import { Table } from "../common/Table.js";
import { useScreenServices } from "../screen-services.js";
import { FormEditor } from "./FormEditor.js";
import { columnsOf, type Delivery, type InsightSettings, type Lead } from "./model.js";
import "../statistics/statistics.css";
import "./leads.css";

interface LeadsScreenProps {
  config: ReadyConfig;
  number: string;
}

/**
 * A book's lead capture: the form and where it shows, the webhook (address, signing secret), the submissions with
 * CSV export and delete, and the webhook delivery log. The book's owner only (the gateway checks every call).
 */
export default function LeadsScreen({ config, number }: LeadsScreenProps) {
  const { labels, notify, report, navigate } = useScreenServices();
  const bookId = config.bookId;
  const [settings, setSettings] = useState<InsightSettings | null>(null);
  const [webhook, setWebhook] = useState("");
  const [leads, setLeads] = useState<{ fields: { key: string; label: string }[]; leads: Lead[] } | null>(null);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);

  const reload = useCallback(() => {
    call<{ fields: { key: string; label: string }[]; leads: Lead[] }>("/api/insight/get-leads", { bookId }).then(
      setLeads,
      report,
    );
    call<{ deliveries: Delivery[] }>("/api/insight/get-lead-deliveries", { bookId }).then(
      (answer) => setDeliveries(answer.deliveries),
      report,
    );
  }, [bookId, report]);

  useEffect(() => {
    call<InsightSettings>("/api/insight/get-settings", { bookId }).then((answer) => {
      setSettings(answer);
      setWebhook(answer.webhookUrl);
    }, report);
    reload();
  }, [bookId, reload, report]);

  const update = (fields: Record<string, string>) =>
    call<InsightSettings>("/api/insight/update-settings", { bookId, ...fields }).then((answer) => {
      setSettings(answer);
      // Only the webhook's own save sets its input: another save finishing late must not wipe what is being typed.
      if (fields.webhookUrl !== undefined) setWebhook(answer.webhookUrl);
      notify(labels.leadsSaved);
    }, report);

  const remove = (leadId: string) => {
    if (!window.confirm(labels.leadsConfirmDelete)) return;
    call<{ deleted: number }>("/api/insight/delete-lead", { bookId, leadId }).then(reload, report);
  };

  const deliveryText: Record<Lead["delivery"], string> = {
    none: labels.deliveryNone,
    pending: labels.deliveryPending,
    delivered: labels.deliveryDelivered,
    failed: labels.deliveryFailed,
  };
  const columns = leads ? columnsOf(leads.fields, leads.leads) : [];

  return (
    <main className="leads" data-testid="leads-screen">
      <div className="stats-toolbar">
        <h2>{labels.leads}</h2>
        <button type="button" onClick={() => navigate("/statistics", { num: number })}>
          {labels.statistics}
        </button>
        <button type="button" onClick={() => navigate("/editor", { num: number })}>
          {labels.titleEditor}
        </button>
      </div>

      {settings ? (
        <FormEditor form={settings.leadForm} onSave={(form) => update({ leadForm: JSON.stringify(form) })} />
      ) : (
        <p className="loading">{labels.loading}</p>
      )}

      {settings ? (
        <section className="stats-card">
          <h3>{labels.leadsWebhook}</h3>
          <form
            className="leads-webhook"
            onSubmit={(event) => {
              event.preventDefault();
              void update({ webhookUrl: webhook.trim() });
            }}
          >
            <label className="field">
              <span>{labels.leadsWebhookUrl}</span>
              <input
                type="url"
                value={webhook}
                placeholder="https://"
                data-testid="leads-webhook-url"
                onChange={(event) => setWebhook(event.target.value)}
              />
            </label>
            <button type="submit" className="primary" data-testid="leads-webhook-save">
              {labels.leadsSave}
            </button>
          </form>
          <p className="note">
            {labels.leadsWebhookSecret}: <code data-testid="leads-webhook-secret">{settings.webhookSecret || "—"}</code>{" "}
            <button type="button" onClick={() => void update({ rotateWebhookSecret: "1" })}>
              {labels.leadsRotateSecret}
            </button>
          </p>
          <p className="note">{labels.leadsWebhookNote}</p>
        </section>
      ) : null}

      <section className="stats-card">
        <div className="leads-heading">
          <h3>{labels.leadsSubmissions}</h3>
          <a
            className="button"
            href={`/api/insight/export-leads?bookId=${encodeURIComponent(bookId)}`}
            download
            data-testid="leads-export"
          >
            {labels.statsExportCsv}
          </a>
          <button type="button" onClick={reload}>
            {labels.leadsRefresh}
          </button>
          {leads && leads.leads.length > 0 ? (
            <button type="button" className="danger" onClick={() => remove("")}>
              {labels.leadsDeleteAll}
            </button>
          ) : null}
        </div>
        {!leads ? (
          <p className="loading">{labels.loading}</p>
        ) : leads.leads.length === 0 ? (
          <p className="note">{labels.leadsNone}</p>
        ) : (
          <div className="leads-scroll">
            <Table
              className="stats-table"
              testId="leads-table"
              headings={[
                labels.leadsSubmittedAt,
                ...columns.map((column) => column.label),
                labels.leadsConsent,
                labels.leadsDelivery,
                "",
              ]}
            >
              {leads.leads.map((lead) => (
                <tr key={lead.leadId} data-lead={lead.leadId}>
                  <td>{new Date(lead.createdAt).toLocaleString()}</td>
                  {columns.map((column) => (
                    <td key={column.key}>{lead.values[column.key] ?? ""}</td>
                  ))}
                  <td>{lead.consent ? "✓" : ""}</td>
                  <td data-delivery={lead.delivery}>{deliveryText[lead.delivery]}</td>
                  <td>
                    <button type="button" className="danger" onClick={() => remove(lead.leadId)}>
                      {labels.leadsDelete}
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </section>

      <section className="stats-card">
        <h3>{labels.leadsDeliveryLog}</h3>
        {deliveries.length === 0 ? (
          <p className="note">—</p>
        ) : (
          <Table
            className="stats-table"
            testId="leads-deliveries"
            headings={[labels.leadsSubmittedAt, labels.leadsAttempt, labels.leadsStatus, labels.leadsError]}
          >
            {deliveries.map((delivery) => (
              <tr key={`${delivery.leadId}-${delivery.attempt}`} className={delivery.ok ? "" : "error-text"}>
                <td>{new Date(delivery.at).toLocaleString()}</td>
                <td>{delivery.attempt}</td>
                <td>{delivery.statusCode || "—"}</td>
                <td>{delivery.error}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </main>
  );
}
