// SPDX-License-Identifier: GPL-3.0-or-later
#include "acknowledgements.h"

#include "holderid.h"

#include <QCoreApplication>
#include <QSettings>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace {

struct AckTr
{
    Q_DECLARE_TR_FUNCTIONS(Acknowledgements)
};

std::unique_ptr<QSettings> open(const QString &iniFile)
{
    if (!iniFile.isEmpty())
        return std::make_unique<QSettings>(iniFile, QSettings::IniFormat);
    return std::make_unique<QSettings>(u"Lockscope"_s, u"lockscope"_s);
}

// One group per connection; its key (a URL and a table) made safe for a settings key.
QString groupOf(const QString &key)
{
    return u"acknowledgements/"_s + QString::fromLatin1(QUrl::toPercentEncoding(key));
}

} // namespace

Acknowledgements::Acknowledgements(Clock clock)
    : m_clock(clock ? std::move(clock) : Clock(&QDateTime::currentDateTimeUtc))
{
}

void Acknowledgements::load(const QString &iniFile, const QString &key)
{
    m_iniFile = iniFile;
    m_key = key;
    m_acks.clear();
    if (key.isEmpty())
        return;
    const auto store = open(iniFile);
    store->beginGroup(groupOf(key));
    const int count = store->beginReadArray(u"locks"_s);
    for (int i = 0; i < count; ++i) {
        store->setArrayIndex(i);
        Acknowledgement ack;
        ack.lock = store->value(u"lock"_s).toString();
        ack.holder = store->value(u"holder"_s).toString();
        ack.fence = store->value(u"fence"_s).toLongLong();
        ack.problems = LockProblems::fromInt(store->value(u"problems"_s).toInt());
        ack.note = store->value(u"note"_s).toString();
        ack.by = store->value(u"by"_s).toString();
        ack.at = QDateTime::fromString(store->value(u"at"_s).toString(), Qt::ISODateWithMs);
        ack.until = QDateTime::fromString(store->value(u"until"_s).toString(), Qt::ISODateWithMs);
        if (!ack.lock.isEmpty() && !timeRanOut(ack))
            m_acks.insert(ack.lock, ack);
    }
    store->endArray();
    store->endGroup();
}

void Acknowledgements::save() const
{
    if (m_key.isEmpty())
        return;
    const auto store = open(m_iniFile);
    store->remove(groupOf(m_key));
    store->beginGroup(groupOf(m_key));
    store->beginWriteArray(u"locks"_s, int(m_acks.size()));
    int i = 0;
    for (const Acknowledgement &ack : m_acks) {
        store->setArrayIndex(i++);
        store->setValue(u"lock"_s, ack.lock);
        store->setValue(u"holder"_s, ack.holder);
        store->setValue(u"fence"_s, ack.fence);
        store->setValue(u"problems"_s, ack.problems.toInt());
        store->setValue(u"note"_s, ack.note);
        store->setValue(u"by"_s, ack.by);
        store->setValue(u"at"_s, ack.at.toString(Qt::ISODateWithMs));
        store->setValue(u"until"_s, ack.until.toString(Qt::ISODateWithMs));
    }
    store->endArray();
    store->endGroup();
}

void Acknowledgements::acknowledge(const LockInfo &lock, LockProblems problems,
                                   const QString &note, const QDateTime &until)
{
    Acknowledgement ack;
    ack.lock = lock.name;
    ack.holder = lock.holder;
    ack.fence = lock.fence;
    ack.problems = problems;
    ack.note = note.trimmed();
    ack.by = currentUser();
    ack.at = m_clock();
    ack.until = until.isValid() ? until.toUTC() : QDateTime();
    m_acks.insert(ack.lock, ack);
    save();
}

bool Acknowledgements::remove(const QString &lock)
{
    if (!m_acks.remove(lock))
        return false;
    save();
    return true;
}

bool Acknowledgements::timeRanOut(const Acknowledgement &ack) const
{
    return ack.until.isValid() && ack.until <= m_clock();
}

std::optional<Acknowledgement> Acknowledgements::covering(const QString &lock,
                                                          const QString &holder, qint64 fence,
                                                          LockProblems problems) const
{
    const auto it = m_acks.constFind(lock);
    if (it == m_acks.cend() || it->holder != holder || it->fence != fence || timeRanOut(*it)
        || (problems & ~it->problems))
        return std::nullopt;
    return *it;
}

bool Acknowledgements::covers(const QString &lock, LockProblems problems) const
{
    const auto it = m_acks.constFind(lock);
    return it != m_acks.cend() && !timeRanOut(*it) && !(problems & ~it->problems);
}

QList<Acknowledgement> Acknowledgements::prune(
    const QList<LockInfo> &locks, const std::function<LockProblems(const QString &)> &problemsOf,
    bool whole)
{
    if (m_acks.isEmpty())
        return {};
    QHash<QString, const LockInfo *> read;
    for (const LockInfo &info : locks)
        if (m_acks.contains(info.name))
            read.insert(info.name, &info);
    QList<Acknowledgement> ended;
    for (auto it = m_acks.begin(); it != m_acks.end();) {
        const LockInfo *now = read.value(it.key());
        const bool gone = !now && whole; // deleted
        const bool changed = now
                             && (now->state == lockcore::LockState::Free
                                 || now->holder != it->holder || now->fence != it->fence
                                 || (problemsOf(it.key()) & ~it->problems));
        if (gone || changed || timeRanOut(*it)) {
            ended.append(*it);
            it = m_acks.erase(it);
        } else {
            ++it;
        }
    }
    if (!ended.isEmpty())
        save();
    return ended;
}

QString Acknowledgements::describe(const Acknowledgement &ack)
{
    QString until;
    if (!ack.until.isValid()) {
        until = AckTr::tr("until it changes");
    } else {
        const QDateTime local = ack.until.toLocalTime();
        const bool today = local.date() == QDate::currentDate();
        until = AckTr::tr("until %1").arg(local.toString(today ? u"HH:mm"_s : u"ddd HH:mm"_s));
    }
    return ack.note.isEmpty() ? AckTr::tr("Acknowledged by %1 %2").arg(ack.by, until)
                              : AckTr::tr("Acknowledged by %1 %2: %3").arg(ack.by, until, ack.note);
}

QString Acknowledgements::currentUser()
{
    return lockcore::osUserName();
}

} // namespace ui
