#include "problemalerts.h"

#include "messagebar.h"
#include "problemwatcher.h"
#include "traynotifier.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int NamesInANotice = 3;

} // namespace

ProblemAlerts::ProblemAlerts(MessageBar *fallback, QObject *parent)
    : QObject(parent)
    , m_watcher(new ProblemWatcher(this))
    , m_tray(new TrayNotifier(this))
    , m_fallback(fallback)
{
    connect(m_watcher, &ProblemWatcher::entered, this, &ProblemAlerts::announce);
    connect(m_watcher, &ProblemWatcher::countChanged, m_tray, &TrayNotifier::setCount);
    connect(m_tray, &TrayNotifier::openLockRequested, this, &ProblemAlerts::openLockRequested);
}

void ProblemAlerts::start(bool enabled)
{
    m_enabled = enabled;
    m_watcher->reset();
    m_tray->setVisible(enabled);
}

void ProblemAlerts::setLongHoldRules(const LongHoldRules &rules)
{
    m_watcher->setLongHoldRules(rules);
}

void ProblemAlerts::onRefresh(const LockRefresh &refresh)
{
    const QDateTime dbNow = refresh.clock.dbNow.isValid() ? refresh.clock.dbNow
                                                          : refresh.page.dbNow;
    if (!m_enabled || !dbNow.isValid())
        return;
    m_watcher->update(refresh.page.locks, dbNow.toMSecsSinceEpoch(),
                      refresh.mode == LockRefresh::Mode::Full);
}

QString ProblemAlerts::titleFor(const QList<ProblemEntry> &entries)
{
    return entries.size() == 1 ? tr("A lock needs you: %1").arg(entries.first().name)
                               : tr("%n lock problem(s)", "", int(entries.size()));
}

QString ProblemAlerts::textFor(const QList<ProblemEntry> &entries)
{
    QStringList lines;
    for (const ProblemEntry &entry : entries.first(qMin(entries.size(), NamesInANotice))) {
        lines.append(entry.holder.isEmpty()
                         ? tr("%1: %2").arg(entry.name, lockProblemText(entry.problem))
                         : tr("%1: %2 (holder %3)")
                               .arg(entry.name, lockProblemText(entry.problem), entry.holder));
    }
    if (entries.size() > NamesInANotice)
        lines.append(tr("and %n more", "", int(entries.size() - NamesInANotice)));
    return lines.join(u'\n');
}

void ProblemAlerts::announce(const QList<ProblemEntry> &entries)
{
    if (!m_enabled || entries.isEmpty())
        return;
    const QString name = entries.first().name;
    const QString text = textFor(entries);
    if (TrayNotifier::isAvailable()) {
        m_tray->showMessage(name, titleFor(entries), text);
    } else if (m_fallback) {
        QString flat = text;
        flat.replace(u'\n', u"; "_s);
        m_fallback->showMessage(MessageBar::Kind::Warning,
                                tr("Needs you: %1").arg(flat));
    }
    emit announced(name, text);
}

} // namespace ui
