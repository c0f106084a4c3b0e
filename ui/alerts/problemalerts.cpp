// SPDX-License-Identifier: GPL-3.0-or-later
#include "problemalerts.h"

#include "messagebar.h"
#include "problemwatcher.h"
#include "traynotifier.h"

#include <QDateTime>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace {

constexpr int NamesInANotice = 3;

} // namespace

ProblemAlerts::ProblemAlerts(MessageBar *fallback, QObject *parent)
    : QObject(parent)
    , m_watcher(new ProblemWatcher(this))
    , m_tray(TrayNotifier::instance())
    , m_source(m_tray->addSource())
    , m_fallback(fallback)
{
    TrayNotifier *shared = tray();
    connect(m_watcher, &ProblemWatcher::entered, this, &ProblemAlerts::announce);
    connect(shared, &TrayNotifier::openLockRequested, this,
            [this](int source, const QString &lock) {
                if (source == m_source)
                    emit openLockRequested(lock);
            });
    connect(shared, &TrayNotifier::problemsRequested, this, [this](int source) {
        if (source == m_source)
            emit problemsRequested();
    });
    connect(shared, &TrayNotifier::acknowledgementsChanged, this, &ProblemAlerts::reload);
}

ProblemAlerts::~ProblemAlerts()
{
    if (m_tray) // (not when the application object, its owner, went first)
        m_tray->removeSource(m_source);
}

TrayNotifier *ProblemAlerts::tray() const
{
    return m_tray;
}

QString ProblemAlerts::connectionKey(const lockcore::ConnectionSpec &spec, const QString &table)
{
    return spec.redacted() + u'\n' + spec.path + u'\n' + table;
}

void ProblemAlerts::setSettingsFile(const QString &iniFile)
{
    m_iniFile = iniFile;
    m_acks.load(m_iniFile, m_key);
    publish();
}

void ProblemAlerts::start(bool enabled, const QString &key, const QString &title)
{
    m_enabled = enabled;
    m_key = key;
    m_watcher->reset();
    m_needing.clear();
    m_tray->setConnection(m_source, key, title);
    m_tray->setEnabled(m_source, enabled);
    m_acks.load(m_iniFile, key);
    emit acknowledgementsChanged();
}

void ProblemAlerts::setLongHoldRules(const LongHoldRules &rules)
{
    m_watcher->setLongHoldRules(rules);
}

void ProblemAlerts::onRefresh(const LockRefresh &refresh)
{
    const QDateTime dbNow = refresh.clock.dbNow.isValid() ? refresh.clock.dbNow
                                                          : refresh.page.dbNow;
    if (!dbNow.isValid())
        return;
    const bool whole = refresh.mode == LockRefresh::Mode::Full;
    m_announcedNow.clear();
    m_watcher->update(refresh.page.locks, dbNow.toMSecsSinceEpoch(), whole);
    const QList<Acknowledgement> ended = m_acks.prune(
        refresh.page.locks, [this](const QString &name) { return m_watcher->problemsOf(name); },
        whole);
    publish();
    if (!ended.isEmpty()) {
        announceEnded(ended, refresh.page.locks);
        emit acknowledgementsChanged();
        emit m_tray->acknowledgementsChanged(m_key);
    }
    emit watched();
}

// An acknowledgement ended and the lock still has a problem: it needs someone again.
void ProblemAlerts::announceEnded(const QList<Acknowledgement> &ended,
                                  const QList<LockInfo> &locks)
{
    QList<ProblemEntry> again;
    for (const Acknowledgement &ack : ended) {
        const LockProblems problems = m_watcher->problemsOf(ack.lock);
        if (!problems || m_announcedNow.contains(ack.lock))
            continue;
        const auto info = std::find_if(locks.cbegin(), locks.cend(),
                                       [&ack](const LockInfo &l) { return l.name == ack.lock; });
        for (const LockProblem problem : AllLockProblems)
            if (problems.testFlag(problem))
                again.append({ack.lock, problem, info != locks.cend() ? info->holder : ack.holder,
                              info != locks.cend() ? info->fence : ack.fence});
    }
    if (!again.isEmpty())
        announce(again);
}

void ProblemAlerts::publish()
{
    m_needing.clear();
    for (const QString &name : m_watcher->problemLocks())
        if (!m_acks.covers(name, m_watcher->problemsOf(name)))
            m_needing.insert(name);
    m_tray->setProblemLocks(m_source, m_needing);
}

void ProblemAlerts::reload(const QString &key)
{
    if (key.isEmpty() || key != m_key)
        return;
    m_acks.load(m_iniFile, m_key);
    publish();
    emit acknowledgementsChanged();
}

void ProblemAlerts::acknowledge(const LockInfo &lock, const QString &note, const QDateTime &until)
{
    m_acks.acknowledge(lock, m_watcher->problemsOf(lock.name), note, until);
    publish();
    emit acknowledgementsChanged();
    emit m_tray->acknowledgementsChanged(m_key); // the other windows of this connection
}

bool ProblemAlerts::unacknowledge(const QString &lock)
{
    if (!m_acks.remove(lock))
        return false;
    publish();
    emit acknowledgementsChanged();
    emit m_tray->acknowledgementsChanged(m_key);
    return true;
}

std::optional<Acknowledgement> ProblemAlerts::acknowledgementOf(const LockInfo &lock) const
{
    return m_acks.covering(lock.name, lock.holder, lock.fence, m_watcher->problemsOf(lock.name));
}

QString ProblemAlerts::acknowledgedText(const LockInfo &lock) const
{
    const auto ack = acknowledgementOf(lock);
    return ack ? Acknowledgements::describe(*ack) : QString();
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

void ProblemAlerts::announce(const QList<ProblemEntry> &all)
{
    QList<ProblemEntry> entries;
    for (const ProblemEntry &entry : all) {
        if (m_acks.covering(entry.name, entry.holder, entry.fence,
                            m_watcher->problemsOf(entry.name)))
            continue; // seen by the admin: not repeated
        m_announcedNow.insert(entry.name);
        entries.append(entry);
    }
    if (!m_enabled || entries.isEmpty())
        return;
    const bool tray = TrayNotifier::isAvailable();
    if (tray)
        entries = m_tray->unannounced(m_source, entries); // once a connection
    if (entries.isEmpty())
        return;
    QStringList locks;
    for (const ProblemEntry &entry : std::as_const(entries))
        if (!locks.contains(entry.name))
            locks.append(entry.name);
    const QString text = textFor(entries);
    if (tray) {
        m_tray->showMessage(m_source, locks, titleFor(entries), text);
    } else if (m_fallback) {
        QString flat = text;
        flat.replace(u'\n', u"; "_s);
        m_fallback->showMessage(MessageBar::Kind::Warning,
                                tr("Needs you: %1").arg(flat));
    }
    emit announced(entries.first().name, text);
}

} // namespace ui
