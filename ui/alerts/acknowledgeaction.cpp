// SPDX-License-Identifier: GPL-3.0-or-later
#include "acknowledgeaction.h"

#include "acknowledgedialog.h"
#include "dialogexec.h"
#include "lockfilterproxymodel.h"
#include "locktablepanel.h"
#include "problemalerts.h"
#include "problemwatcher.h"

#include <QEvent>
#include <QPainter>
#include <QPixmap>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace {

QString problemsText(LockProblems problems)
{
    QStringList words;
    for (const LockProblem problem : AllLockProblems)
        if (problems.testFlag(problem))
            words.append(lockProblemText(problem));
    return words.join(u", "_s);
}

} // namespace

AcknowledgeAction::AcknowledgeAction(LockTablePanel *locks, ProblemAlerts *alerts,
                                     QWidget *window)
    : QAction(window), m_locks(locks), m_alerts(alerts), m_window(window)
{
    setObjectName(u"acknowledgeAction"_s);
    connect(this, &QAction::triggered, this, &AcknowledgeAction::acknowledge);
    connect(locks, &LockTablePanel::selectionChanged, this, &AcknowledgeAction::update);
    connect(alerts, &ProblemAlerts::watched, this, &AcknowledgeAction::update);
    connect(alerts, &ProblemAlerts::acknowledgementsChanged, this, &AcknowledgeAction::update);
    // The rows: marked as acknowledged while their acknowledgement holds.
    locks->proxy()->setAcknowledgedText(
        [alerts](const LockInfo &lock) { return alerts->acknowledgedText(lock); },
        acknowledgedIcon());
    connect(alerts, &ProblemAlerts::acknowledgementsChanged, locks->proxy(),
            &LockFilterProxyModel::acknowledgementsChanged);
    window->installEventFilter(this); // its language changes
    retranslate();
    update();
}

QIcon AcknowledgeAction::acknowledgedIcon()
{
    constexpr int Size = 32;
    QPixmap pixmap(Size, Size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x1f, 0x6f, 0xeb));
    painter.drawEllipse(QRectF(2, 2, Size - 4, Size - 4));
    painter.setPen(QPen(Qt::white, 4, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPolyline(QPolygonF({{9, 17}, {14, 22}, {23, 11}}));
    painter.end();
    return QIcon(pixmap);
}

bool AcknowledgeAction::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QAction::eventFilter(watched, event);
}

void AcknowledgeAction::update()
{
    const auto selected = m_locks->selectedLock();
    setEnabled(selected
               && (m_alerts->watcher()->problemsOf(selected->name)
                   || m_alerts->acknowledgementOf(*selected)));
}

void AcknowledgeAction::acknowledge()
{
    const auto target = m_locks->selectedLock(); // chosen now, kept as chosen
    if (!target)
        return;
    const LockProblems problems = m_alerts->watcher()->problemsOf(target->name);
    const QString situation =
        target->holder.isEmpty()
            ? tr("%1: %2").arg(target->name, problemsText(problems))
            : tr("%1, held by %2 (fence %3): %4")
                  .arg(target->name, target->holder)
                  .arg(target->fence)
                  .arg(problemsText(problems));
    AcknowledgeDialog dialog(target->name, situation, m_alerts->acknowledgedText(*target),
                             m_window);
    emit dialogAboutToShow(&dialog);
    const int answer = execAnswerable(&dialog);
    if (answer == AcknowledgeDialog::Removed)
        m_alerts->unacknowledge(target->name);
    else if (answer == QDialog::Accepted)
        m_alerts->acknowledge(*target, dialog.note(),
                              dialog.until(QDateTime::currentDateTimeUtc()));
}

void AcknowledgeAction::retranslate()
{
    setText(tr("&Acknowledge problem\u2026"));
    setToolTip(tr("Mark the selected lock's problem as seen, with a note and for how long: "
                  "the tray stops announcing and counting it until it changes"));
}

} // namespace ui
