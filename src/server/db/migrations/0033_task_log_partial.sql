-- A run that succeeded with some read groups refused or unanswered by the meter: the task log shows it apart.
ALTER TABLE "task_logs" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;
