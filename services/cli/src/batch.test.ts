import { describe, expect, it } from "vitest";
import { planTasks, tasksToRun } from "./batch.js";

describe("batch tasks", () => {
  it("take the folder's PDFs and images in name order, one project each, names kept apart", () => {
    const tasks = planTasks(["b.pdf", "notes.txt", "a.PDF", "a.png", "cover.jpeg"]);
    expect(tasks.map((task) => [task.file, task.project, task.status])).toEqual([
      ["a.PDF", "a", "waiting"],
      ["a.png", "a-2", "waiting"],
      ["b.pdf", "b", "waiting"],
      ["cover.jpeg", "cover", "waiting"],
    ]);
  });

  it("on retry keep what succeeded and wait again for the rest", () => {
    const tasks = planTasks(["a.pdf", "b.pdf", "c.pdf"]);
    const done = [
      { ...tasks[0], status: "success" as const },
      { ...tasks[1], status: "failure" as const, message: "PDF conversion failed" },
      { ...tasks[2], status: "converting" as const },
    ].map((task) => ({ file: "", project: "", message: "", ...task }));
    expect(tasksToRun(done).map((task) => [task.status, task.message])).toEqual([
      ["success", ""],
      ["waiting", ""],
      ["waiting", ""],
    ]);
  });
});
