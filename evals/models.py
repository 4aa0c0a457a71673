"""Eval runs and their per-case results, kept for the admin."""

from __future__ import annotations

from django.db import models


class EvalRun(models.Model):
    class Mode(models.TextChoices):
        OFFLINE = "offline", "offline (scripted)"
        LIVE = "live", "live"

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    mode = models.CharField(max_length=8, choices=Mode.choices)
    provider = models.CharField(max_length=16)
    model_name = models.CharField(max_length=100, blank=True, default="")
    repeat = models.PositiveIntegerField(default=1)
    case_paths = models.JSONField(default=list, blank=True)
    group = models.CharField(
        max_length=60, blank=True, default="", help_text="only this group's cases (all when empty)"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    summary = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.mode} eval #{self.pk} ({self.provider}, k={self.repeat})"


class EvalCaseResult(models.Model):
    run = models.ForeignKey(EvalRun, on_delete=models.CASCADE, related_name="results")
    case_id = models.CharField(max_length=120)
    group = models.CharField(max_length=60)
    repeat_index = models.PositiveIntegerField(default=0)
    passed = models.BooleanField()
    known_issue = models.CharField(max_length=300, blank=True, default="")
    failures = models.JSONField(default=list, blank=True)
    turns = models.JSONField(default=list, blank=True)
    seconds = models.FloatField(default=0)

    class Meta:
        ordering = ["group", "case_id", "repeat_index"]
        indexes = [models.Index(fields=["run", "group"], name="evalresult_run_group")]

    def __str__(self) -> str:
        return f"{self.case_id} #{self.repeat_index}: {'pass' if self.passed else 'FAIL'}"
