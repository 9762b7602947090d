import { useEffect, useMemo, useState } from "react";
import { call, currentRequestLanguage, type ReadyConfig } from "../api.js";
import { Table } from "../common/Table.js";
import { useScreenServices } from "../screen-services.js";
import { duration, heatCells, heatColour, lastDays, type Statistics, totalsOf } from "./model.js";
import { ViewsChart } from "./ViewsChart.js";
import "./statistics.css";

const ranges = [7, 30, 90] as const;

function Ranked({
  title,
  rows,
  name,
}: {
  title: string;
  rows: { name: string; count: number }[];
  name?(raw: string): string;
}) {
  const top = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section className="stats-card">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="note">—</p>
      ) : (
        <ol className="stats-ranked">
          {rows.map((row) => (
            <li key={row.name}>
              <span className="stats-ranked-name">{name ? name(row.name) : row.name}</span>
              <span className="stats-ranked-bar" style={{ width: `${(row.count / top) * 100}%` }} />
              <span className="stats-ranked-count">{row.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface StatisticsProps {
  /** The book's own (?num=), null for the whole bookcase. */
  config: ReadyConfig | null;
  number: string;
}

/**
 * The statistics of one book (?num=) or of the whole bookcase: totals, views over time (uPlot), the page heat map,
 * referrers, devices and embedding sites over a range of days, with a CSV export; for one book, its statistics
 * switch with the privacy note. Loaded on demand (its own chunk with uPlot).
 */
export default function StatisticsScreen({ config, number }: StatisticsProps) {
  const { labels, notify, report, navigate } = useScreenServices();
  const bookId = number ? (config?.bookId ?? "") : "";
  const [range, setRange] = useState(() => lastDays(30));
  const [statistics, setStatistics] = useState<Statistics | null>(null);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [bookcase, setBookcase] = useState<Statistics["books"]>([]);

  useEffect(() => {
    let live = true;
    setStatistics(null);
    call<Statistics>("/api/insight/get-statistics", {
      ...(bookId ? { bookId } : {}),
      from: range.from,
      to: range.to,
    }).then((answer) => {
      if (!live) return;
      setStatistics(answer);
      if (!bookId) setBookcase(answer.books);
    }, report);
    return () => {
      live = false;
    };
  }, [bookId, range, report]);

  // The book list for the chooser comes from the bookcase's statistics (every book of the owner).
  useEffect(() => {
    if (!bookId) return;
    call<Statistics>("/api/insight/get-statistics", { from: range.to, to: range.to }).then(
      (answer) => setBookcase(answer.books),
      () => undefined,
    );
  }, [bookId, range.to]);

  useEffect(() => {
    if (!bookId) return;
    call<{ statisticsEnabled: boolean }>("/api/insight/get-settings", { bookId }).then(
      (settings) => setEnabled(settings.statisticsEnabled),
      report,
    );
  }, [bookId, report]);

  const totals = useMemo(() => (statistics ? totalsOf(statistics) : null), [statistics]);
  const cells = useMemo(() => (statistics ? heatCells(statistics.pages, 0) : []), [statistics]);
  const deviceName = (name: string) =>
    ({
      desktop: labels.deviceDesktop,
      tablet: labels.deviceTablet,
      phone: labels.devicePhone,
      bot: labels.deviceBot,
    })[name] ?? labels.deviceOther;
  const exportUrl = `/api/insight/export-statistics?${new URLSearchParams({
    ...(bookId ? { bookId } : {}),
    from: range.from,
    to: range.to,
    // The CSV's headings in the interface language (a download link sends the browser's own Accept-Language).
    lang: currentRequestLanguage(),
  })}`;

  const toggle = (on: boolean) => {
    setEnabled(on);
    call<{ statisticsEnabled: boolean }>("/api/insight/update-settings", {
      bookId,
      statisticsEnabled: on ? "1" : "0",
    }).then(
      (settings) => {
        setEnabled(settings.statisticsEnabled);
        notify(labels.leadsSaved);
      },
      (error: unknown) => {
        setEnabled(!on);
        report(error);
      },
    );
  };

  /** One end of the range; each end bounds the other, and a cleared box leaves the range as it was. */
  const dateField = (end: "from" | "to", label: string, bounds: { min?: string; max?: string }) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="date"
        value={range[end]}
        {...bounds}
        onChange={(event) => event.target.value && setRange({ ...range, [end]: event.target.value })}
      />
    </label>
  );

  return (
    <main className="stats" data-testid="statistics-screen">
      <div className="stats-toolbar">
        <label className="field">
          <span>{labels.statsBook}</span>
          <select
            value={number}
            data-testid="stats-book"
            onChange={(event) => navigate("/statistics", event.target.value ? { num: event.target.value } : {})}
          >
            <option value="">{labels.statsAllBooks}</option>
            {number && !bookcase.some((book) => book.number === number) ? (
              <option value={number}>{number}</option>
            ) : null}
            {bookcase.map((book) => (
              <option key={book.bookId} value={book.number}>
                {book.title || book.number}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="segmented" aria-label={labels.statsRange}>
          {ranges.map((days) => (
            <button key={days} type="button" onClick={() => setRange(lastDays(days))}>
              {labels.statsLastDays.replace("{days}", String(days))}
            </button>
          ))}
        </fieldset>
        {dateField("from", labels.statsFrom, { max: range.to })}
        {dateField("to", labels.statsTo, { min: range.from })}
        <a className="button" href={exportUrl} download data-testid="stats-export">
          {labels.statsExportCsv}
        </a>
        {number ? (
          <button type="button" onClick={() => navigate("/leads", { num: number })}>
            {labels.leads}
          </button>
        ) : null}
      </div>

      {bookId && enabled !== null ? (
        <section className="stats-card stats-privacy">
          <label className="check-label">
            <input
              type="checkbox"
              checked={enabled}
              data-testid="stats-enabled"
              onChange={(event) => toggle(event.target.checked)}
            />
            <span>{labels.statsEnabled}</span>
          </label>
          <p className="note">{labels.statsPrivacy}</p>
        </section>
      ) : null}

      {!statistics || !totals ? (
        <p className="loading">{labels.loading}</p>
      ) : (
        <>
          <dl className="stats-totals" data-testid="stats-totals">
            <div>
              <dt>{labels.statsViews}</dt>
              <dd data-testid="stats-views">{totals.views}</dd>
            </div>
            <div>
              <dt>{labels.statsUniqueReaders}</dt>
              <dd data-testid="stats-unique">{totals.uniqueReaders}</dd>
            </div>
            <div>
              <dt>{labels.statsPagesSeen}</dt>
              <dd>{totals.pagesSeen}</dd>
            </div>
            <div>
              <dt>{labels.statsReadingTime}</dt>
              <dd>{duration(totals.readingMs)}</dd>
            </div>
            <div>
              <dt>{labels.statsCompletions}</dt>
              <dd>{totals.completions}</dd>
            </div>
          </dl>
          <section className="stats-card">
            <h3>{labels.statsViewsOverTime}</h3>
            <ViewsChart
              days={statistics.days}
              labels={{ views: labels.statsViews, uniqueReaders: labels.statsUniqueReaders }}
            />
          </section>
          <section className="stats-card">
            <h3>{labels.statsHeatmap}</h3>
            {cells.length === 0 ? (
              <p className="note">{labels.statsNone}</p>
            ) : (
              <ol className="stats-heat" data-testid="stats-heatmap">
                {cells.map((cell) => (
                  <li
                    key={cell.page}
                    data-page={cell.page}
                    data-views={cell.views}
                    style={{ background: heatColour(cell.heat) }}
                    title={`${labels.statsPage} ${cell.page}: ${cell.views} · ${duration(cell.averageMs)}`}
                  >
                    <span>{cell.page}</span>
                    <small>{cell.views}</small>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <div className="stats-columns">
            <Ranked title={labels.statsTopReferrers} rows={statistics.referrers} />
            <Ranked title={labels.statsDevices} rows={statistics.devices} name={deviceName} />
            <Ranked title={labels.statsEmbedHosts} rows={statistics.embedHosts} />
          </div>
          {!bookId ? (
            <section className="stats-card">
              <h3>{labels.statsBooks}</h3>
              <Table
                className="stats-table"
                testId="stats-books"
                headings={[labels.statsBook, labels.statsViews, labels.statsUniqueReaders, labels.statsCompletions]}
              >
                {[...statistics.books]
                  .sort((a, b) => b.views - a.views)
                  .map((book) => (
                    <tr key={book.bookId}>
                      <td>
                        <button
                          type="button"
                          className="link"
                          onClick={() => navigate("/statistics", { num: book.number })}
                        >
                          {book.title || book.number}
                        </button>
                      </td>
                      <td>{book.views}</td>
                      <td>{book.uniqueReaders}</td>
                      <td>{book.completions}</td>
                    </tr>
                  ))}
              </Table>
            </section>
          ) : null}
        </>
      )}
    </main>
  );
}
