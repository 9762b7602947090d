import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * Views and unique readers per day as a uPlot line chart (canvas; uPlot is pinned and lives in this screen's chunk
 * only). Resizes with its box.
 */
export function ViewsChart({
  days,
  labels,
}: {
  days: { day: string; views: number; uniqueReaders: number }[];
  labels: { views: string; uniqueReaders: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.views),
      days.map((day) => day.uniqueReaders),
    ];
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 240,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        scales: { y: { range: (_chart, _min, max) => [0, Math.max(max, 1)] } },
        axes: [{}, { values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : "")) }],
        series: [
          {},
          { label: labels.views, stroke: "#2f6fd0", width: 2, fill: "rgba(47, 111, 208, 0.12)" },
          { label: labels.uniqueReaders, stroke: "#d0702f", width: 2 },
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, labels.views, labels.uniqueReaders]);
  return <div ref={box} className="stats-chart" data-testid="views-chart" />;
}
