#include "verdictbanner.h"

#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using locksim::Protocol;
using locksim::Verdict;

namespace {

const QColor safeGreen(0x1e, 0x8e, 0x4e);
const QColor unsafeRed(0xc0, 0x39, 0x2b);
const QColor runningBlue(0x2f, 0x80, 0xed);
constexpr int listedViolations = 8;

} // namespace

VerdictBanner::VerdictBanner(QWidget *parent)
    : QFrame(parent), m_title(new QLabel(this)), m_details(new QLabel(this))
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
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
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
        lines << tr("\u2026 and %n more.", nullptr, verdict.violationCount - int(lines.size()));
    return lines.join(u'\n');
}

void VerdictBanner::showRunning(const Verdict &soFar, int holds, qint64 elapsedMs)
{
    const QString elapsed = QString::number(elapsedMs / 1000.0, 'f', 1);
    if (!soFar.safe) {
        present(State::Running, unsafeRed,
             tr("Running (%1 s): %n violation(s) so far", nullptr, soFar.violationCount)
                 .arg(elapsed),
             violationList(soFar, 3));
        return;
    }
    present(State::Running, runningBlue,
         tr("Running (%1 s): no overlapping holds among %n completed hold(s) so far", nullptr,
            holds)
             .arg(elapsed),
         tr("The verdict over the whole history follows when the run ends."));
}

void VerdictBanner::showVerdict(const Verdict &verdict, qint64 staleWritesRefused,
                                Protocol protocol)
{
    if (!verdict.safe) {
        present(State::Unsafe, unsafeRed,
             tr("Unsafe: %n violation(s) of mutual exclusion", nullptr, verdict.violationCount),
             violationList(verdict, listedViolations));
        return;
    }
    const QString title = protocol == Protocol::Lockcore
        ? tr("Safe: no overlapping holds, fences increasing, %n stale write(s) refused",
             nullptr, int(staleWritesRefused))
        : tr("Safe in this run: no overlapping holds (this protocol has no fences)");
    QStringList notes;
    if (!verdict.stuckLocks.isEmpty())
        notes << tr("Stuck for ever, held by a crashed holder: %1. Without expiry, nobody can "
                    "take these locks again.")
                     .arg(verdict.stuckLocks.join(u", "_s));
    if (protocol != Protocol::Lockcore && verdict.stuckLocks.isEmpty())
        notes << tr("An unsafe baseline: a longer run, crashes or clock skew may still break it.");
    present(State::Safe, safeGreen, title, notes.join(u'\n'));
}

void VerdictBanner::showFailure(const QString &message)
{
    present(State::Failed, unsafeRed, tr("The simulation could not run"), message);
}

void VerdictBanner::clear()
{
    m_state = State::Hidden;
    m_title->clear();
    m_details->clear();
    hide();
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
    m_details->setVisible(!details.isEmpty());
    QWidget::show();
}
