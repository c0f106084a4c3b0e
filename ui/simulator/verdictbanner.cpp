// SPDX-License-Identifier: GPL-3.0-or-later
#include "verdictbanner.h"

#include "durationtext.h"

#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using locksim::Protocol;
using locksim::Verdict;

namespace ui {

namespace {

const QColor noViolationGreen(0x1e, 0x8e, 0x4e);
const QColor stalledAmber(0xd3, 0x84, 0x00);
const QColor violationRed(0xc0, 0x39, 0x2b);
const QColor runningBlue(0x2f, 0x80, 0xed);
constexpr int listedViolations = 8;
constexpr int detailLines = 4; // the details scroll beyond this, the charts keep their room

} // namespace

VerdictBanner::VerdictBanner(QWidget *parent)
    : QFrame(parent), m_title(new QLabel(this)), m_details(new QLabel),
      m_detailsArea(new QScrollArea(this))
{
    setObjectName(u"verdictBanner"_s);
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(2);
    setAutoFillBackground(true);
    m_title->setObjectName(u"verdictTitle"_s);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    m_details->setObjectName(u"verdictDetails"_s);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailsArea->setObjectName(u"verdictDetailsArea"_s);
    m_detailsArea->setWidget(m_details);
    m_detailsArea->setWidgetResizable(true);
    m_detailsArea->setFrameShape(QFrame::NoFrame);
    m_detailsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_detailsArea->viewport()->setAutoFillBackground(false);
    m_details->setAutoFillBackground(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_detailsArea);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    hide();
}

QString VerdictBanner::title() const
{
    return m_title->text();
}

QString VerdictBanner::details() const
{
    return m_details->text();
}

QString VerdictBanner::violationList(const Verdict &verdict, int max)
{
    QStringList lines;
    for (const locksim::Violation &violation : verdict.violations) {
        if (lines.size() == max)
            break;
        lines << u"\u2022 "_s + violation.text;
    }
    if (verdict.violationCount > lines.size())
        lines << tr("\u2026 and %Ln more.", nullptr, verdict.violationCount - int(lines.size()));
    return lines.join(u'\n');
}

void VerdictBanner::showRunning(const Verdict &soFar, int holds, qint64 elapsedMs)
{
    const QString elapsed = durationText(elapsedMs);
    if (soFar.violationObserved) {
        present(State::Running, violationRed,
             tr("Running (%1): %Ln violation(s) so far", nullptr, soFar.violationCount)
                 .arg(elapsed),
             violationList(soFar, 3));
        return;
    }
    present(State::Running, runningBlue,
         tr("Running (%1): no overlapping holds among %Ln completed hold(s) so far", nullptr,
            holds)
             .arg(elapsed),
         tr("The verdict over the whole history follows when the run ends."));
}

QString VerdictBanner::noViolationDetails(const locksim::SimReport &report)
{
    QStringList lines;
    switch (report.settings.protocol) {
    case Protocol::Lockcore:
        lines << tr("No overlapping holds, fences increasing, %Ln stale write(s) refused. A run "
                    "shows what happened, not that a design is safe.",
                    nullptr, int(report.metrics.staleWritesRefused));
        break;
    case Protocol::ForUpdate:
        // Its preset is not one under which it fails: that takes a cluster's nodes.
        lines << tr("No overlapping holds (this protocol has no fences). On one server SELECT "
                    "... FOR UPDATE excludes; list the other nodes of a Galera cluster to see "
                    "it fail.");
        break;
    case Protocol::UnsafeNoExpiry:
    case Protocol::UnsafeClientClock:
        lines << tr("No overlapping holds (this protocol has no fences). An unsafe baseline: "
                    "this run did not show its failure; its preset settings do.");
        break;
    }
    lines << report.livenessNotes();
    return lines.join(u'\n');
}

QString VerdictBanner::stuckDetails(const locksim::SimReport &report)
{
    QStringList lines;
    lines << tr("No overlapping holds, but a holder that crashed keeps its lock for ever: "
                "without expiry nobody else can take it. This is the failure of this design.");
    lines << report.livenessNotes();
    return lines.join(u'\n');
}

void VerdictBanner::showVerdict(const locksim::SimReport &report)
{
    const Verdict &verdict = report.verdict;
    if (verdict.violationObserved) {
        QString details = violationList(verdict, listedViolations);
        for (const QString &note : report.livenessNotes())
            details += u'\n' + note;
        present(State::Violation, violationRed, report.observedText(QLocale(), durationText),
                details);
        return;
    }
    if (report.failureObserved()) { // locks stuck for ever: a design without expiry failing
        present(State::Violation, violationRed, report.observedText(QLocale(), durationText),
                stuckDetails(report));
        return;
    }
    const bool stalled = !report.livenessNotes().isEmpty();
    present(stalled ? State::Stalled : State::NoViolation,
            stalled ? stalledAmber : noViolationGreen,
            report.observedText(QLocale(), durationText), noViolationDetails(report));
}

void VerdictBanner::showFailure(const QString &message)
{
    present(State::Failed, violationRed, tr("The simulation could not run"), message);
}

void VerdictBanner::clear()
{
    m_state = State::Hidden;
    m_title->clear();
    m_details->clear();
    hide();
}

void VerdictBanner::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitDetails();
}

// The details take the height their wrapped text needs, up to a few lines; beyond that they
// scroll: a long list of violations must not push the charts below out of the window.
void VerdictBanner::fitDetails()
{
    const int width = qMax(100, m_detailsArea->width());
    const int needed = m_details->heightForWidth(width);
    const int most = m_details->fontMetrics().lineSpacing() * detailLines + 4;
    m_detailsArea->setFixedHeight(qMax(1, qMin(needed, most)));
}

void VerdictBanner::present(State state, const QColor &tint, const QString &title,
                            const QString &details)
{
    m_state = state;
    m_tint = tint;
    const QPalette outer = parentWidget() ? parentWidget()->palette() : QPalette();
    const QColor base = outer.color(QPalette::Window);
    // A clear tint of the verdict's colour over the window colour, readable in dark themes.
    const double share = 0.22;
    QPalette pal = outer;
    pal.setColor(QPalette::Window,
                 QColor::fromRgbF(base.redF() * (1 - share) + tint.redF() * share,
                                  base.greenF() * (1 - share) + tint.greenF() * share,
                                  base.blueF() * (1 - share) + tint.blueF() * share));
    pal.setColor(QPalette::WindowText, tint); // the plain frame's line
    setPalette(pal);
    for (QLabel *label : {m_title, m_details}) {
        QPalette labelPalette = pal;
        labelPalette.setColor(QPalette::WindowText, outer.color(QPalette::WindowText));
        label->setPalette(labelPalette);
    }
    m_title->setText(title);
    m_details->setText(details);
    m_detailsArea->setVisible(!details.isEmpty());
    QWidget::show();
    fitDetails();
}

} // namespace ui
