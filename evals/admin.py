"""Eval runs in the admin: per-group accuracy and latency charts; launch a run on a worker."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from evals.compare import compare_runs
from evals.compare import group_chart as compare_group_chart
from evals.compare import latency_chart as compare_latency_chart
from evals.database import eval_database
from evals.models import EvalCaseResult, EvalRun
from evals.report import group_chart, latency_chart
from evals.tasks import launch, prepare


class EvalCaseResultInline(admin.TabularInline[EvalCaseResult, EvalRun]):
    model = EvalCaseResult
    extra = 0
    can_delete = False
    fields = ("case_id", "group", "repeat_index", "passed", "known_issue", "failures", "time")
    readonly_fields = fields

    @admin.display(description="seconds")
    def time(self, result: EvalCaseResult) -> str:
        return f"{result.seconds:.2f}"

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).filter(passed=False)


class LaunchForm(forms.Form):
    mode = forms.ChoiceField(choices=EvalRun.Mode.choices, initial="live")
    provider = forms.ChoiceField(choices=[("offline", "offline stand-in"), ("openai", "openai (settings' endpoint)")])
    repeat = forms.IntegerField(min_value=1, max_value=10, initial=3)
    # Reading every case file to list the groups takes seconds; the run itself checks the name.
    group = forms.SlugField(
        max_length=60, required=False, help_text="only the cases of this group (create, query, …); empty: all cases"
    )


@admin.register(EvalRun)
class EvalRunAdmin(admin.ModelAdmin[EvalRun]):
    list_display = ("run", "what", "status", "progress", "pass_rate", "tool_choice")
    list_display_links = ("run",)
    list_filter = ("mode", "provider", "status")
    readonly_fields = (
        "mode",
        "provider",
        "model_name",
        "repeat",
        "case_paths",
        "group",
        "status",
        "progress",
        "figures",
        "charts",
        "error",
        "created_at",
        "finished_at",
    )
    exclude = ("summary", "progress_done", "progress_total")
    inlines = [EvalCaseResultInline]
    change_list_template = "admin/evals/evalrun/change_list.html"
    change_form_template = "admin/evals/evalrun/change_form.html"
    actions = ["compare_selected"]

    class Media:
        css = {"all": ("web/admin.css",)}

    @admin.action(description="Compare the two selected runs")
    def compare_selected(self, request: HttpRequest, queryset: QuerySet[EvalRun]) -> HttpResponse | None:
        runs = list(queryset.order_by("created_at", "id"))
        if len(runs) != 2:
            self.message_user(request, "Select exactly two runs to compare.", messages.WARNING)
            return None
        url = reverse("admin:evals_evalrun_compare")
        return HttpResponseRedirect(f"{url}?before={runs[0].id}&after={runs[1].id}")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="run", ordering="created_at")
    def run(self, run: EvalRun) -> str:
        return format_html('#{}<br><span class="muted small">{}</span>', run.id, f"{run.created_at:%Y-%m-%d %H:%M}")

    @admin.display(description="mode · provider · model")
    def what(self, run: EvalRun) -> str:
        model = f" · {run.model_name}" if run.model_name else ""
        group = f" · {run.group}" if run.group else ""
        return f"{run.mode} · {run.provider}{model} · k={run.repeat}{group}"

    @admin.display(description="progress")
    def progress(self, run: EvalRun) -> str:
        if not run.progress_total:
            # Started, still reading the case files: an indeterminate bar.
            return format_html("<progress></progress> starting") if run.status == EvalRun.Status.RUNNING else "—"
        percent = 100 * run.progress_done / run.progress_total
        return format_html(
            '<progress value="{}" max="100"></progress> {}/{}', int(percent), run.progress_done, run.progress_total
        )

    @admin.display(description="pass rate")
    def pass_rate(self, run: EvalRun) -> str:
        value = run.summary.get("pass_hat_k")
        return "—" if value is None else f"{value:.1%}"

    @admin.display(description="tool choice")
    def tool_choice(self, run: EvalRun) -> str:
        value = run.summary.get("tool_choice_accuracy")
        return "—" if value is None else f"{value:.1%}"

    @admin.display(description="figures")
    def figures(self, run: EvalRun) -> str:
        summary = run.summary or {}
        if not summary:
            return "—"
        rows = [
            ("cases", summary.get("cases")),
            ("pass^k" if run.repeat > 1 else "pass rate", _percent(summary.get("pass_hat_k"))),
            ("tool-choice accuracy", _percent(summary.get("tool_choice_accuracy"))),
            ("wrong-side-effect rate", _percent(summary.get("wrong_side_effect_rate"))),
            ("missed-query rate", _percent(summary.get("missed_query_rate"))),
            ("trajectory end-state accuracy", _percent(summary.get("trajectory_end_state_accuracy"))),
            (
                "tokens prompt / cached",
                f"{summary.get('tokens', {}).get('prompt', 0)} / {summary.get('tokens', {}).get('cached', 0)}",
            ),
        ]
        cells = format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", rows)
        return format_html("<table>{}</table>", cells)

    @admin.display(description="charts")
    def charts(self, run: EvalRun) -> str:
        if not run.summary:
            return "—"
        # The SVG is built by code from numbers and escaped labels; no model text is in it.
        return mark_safe(group_chart(run.summary) + "<br>" + latency_chart(run.summary))  # noqa: S308

    def get_urls(self) -> list[Any]:
        return [
            path("launch/", self.admin_site.admin_view(self.launch), name="evals_evalrun_launch"),
            path("compare/", self.admin_site.admin_view(self.compare), name="evals_evalrun_compare"),
            *super().get_urls(),
        ]

    def compare(self, request: HttpRequest) -> HttpResponse:
        """Two runs side by side: cases that broke or were fixed, per-group and latency deltas."""
        return _compare_view(self, request)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        run = self.get_object(request, object_id)
        # The page follows a run in progress by reloading itself (a meta refresh: no script needed).
        unfinished = run is not None and run.status in (EvalRun.Status.QUEUED, EvalRun.Status.RUNNING)
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), "refresh": unfinished})

    def launch(self, request: HttpRequest) -> HttpResponse:
        form = LaunchForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            prepare()
            run = EvalRun.objects.create(
                mode=data["mode"],
                provider=data["provider"],
                repeat=data["repeat"] if data["mode"] == "live" else 1,
                group=data["group"],
            )
            transaction.on_commit(lambda: launch(run), using=eval_database())
            self.message_user(request, f"Eval run #{run.id} started; this page shows its progress.", messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:evals_evalrun_change", args=[run.id]))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "title": "Launch an eval run",
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/evals/evalrun/launch.html", context)


class RunChoiceField(forms.ModelChoiceField[EvalRun]):
    def label_from_instance(self, obj: EvalRun) -> str:
        rate = (obj.summary or {}).get("pass_hat_k")
        figure = "" if rate is None else f" · {rate:.1%}"
        return f"#{obj.id} · {obj.created_at:%Y-%m-%d %H:%M} · {obj.mode} {obj.provider} k={obj.repeat}{figure}"


class CompareForm(forms.Form):
    before = RunChoiceField(queryset=EvalRun.objects.filter(status=EvalRun.Status.DONE), label="Before")
    after = RunChoiceField(queryset=EvalRun.objects.filter(status=EvalRun.Status.DONE), label="After")


def _compare_view(model_admin: EvalRunAdmin, request: HttpRequest) -> HttpResponse:
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    runs = list(EvalRun.objects.filter(status=EvalRun.Status.DONE).order_by("-created_at")[:2])
    initial = {"before": runs[1].id, "after": runs[0].id} if len(runs) == 2 else {}
    form = CompareForm(request.GET if "before" in request.GET else None, initial=initial)
    comparison: dict[str, Any] | None = None
    before = after = None
    if form.is_bound and form.is_valid():
        before, after = form.cleaned_data["before"], form.cleaned_data["after"]
    elif not form.is_bound and len(runs) == 2:
        before, after = runs[1], runs[0]
    if before is not None and after is not None:
        comparison = compare_runs(before=before, after=after)
        # The SVG is drawn by code from figures and escaped labels; no model text is in it.
        comparison["group_chart"] = mark_safe(compare_group_chart(comparison))  # noqa: S308
        comparison["latency_chart"] = mark_safe(compare_latency_chart(comparison))  # noqa: S308
    context = {
        **model_admin.admin_site.each_context(request),
        "title": "Compare eval runs",
        "subtitle": None,
        "opts": model_admin.model._meta,
        "form": form,
        "comparison": comparison,
    }
    return TemplateResponse(request, "admin/evals/evalrun/compare.html", context)


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"
