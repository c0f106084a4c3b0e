// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockproblem.h"
#include "locktypes.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <functional>
#include <optional>

namespace ui {

// "I have seen it": a lock's problem marked as seen by an admin, with a note, until a time or
// until the lock's situation changes. The situation is the holder, the fence and the problems
// seen: another holder or fence (released, taken again, freed) or a problem not seen before
// ends it, and so does its time. Kept per connection in the user's settings (never in the
// database: read-only connections too), so that it survives a restart.
struct Acknowledgement
{
    QString lock;
    QString holder;
    qint64 fence = 0;
    LockProblems problems; // what was seen
    QString note;
    QString by;       // the user who acknowledged it
    QDateTime at;     // UTC
    QDateTime until;  // UTC; invalid: until the situation changes
};

class Acknowledgements
{
public:
    using Clock = std::function<QDateTime()>; // UTC wall time: "for 1 h" is the user's hour

    explicit Acknowledgements(Clock clock = {});

    // The acknowledgements of connection `key`, from `iniFile` (empty: the application's
    // settings); each change is written back there at once.
    void load(const QString &iniFile, const QString &key);
    QString key() const { return m_key; }

    // Marks `lock` as seen in its situation now (replaces an earlier one on it).
    void acknowledge(const lockcore::LockInfo &lock, LockProblems problems, const QString &note,
                     const QDateTime &until);
    bool remove(const QString &lock);
    // The acknowledgement of `lock` that still holds for this holder, fence and problems.
    std::optional<Acknowledgement> covering(const QString &lock, const QString &holder,
                                            qint64 fence, LockProblems problems) const;
    // Whether `lock`'s problems are covered, for a lock not read again (prune() checked it).
    bool covers(const QString &lock, LockProblems problems) const;
    // After a refresh of `locks` (`whole`: every lock of the table): ends the acknowledgements
    // whose time ran out or whose situation changed (`problemsOf` a lock now). Returns those.
    QList<Acknowledgement> prune(const QList<lockcore::LockInfo> &locks,
                                 const std::function<LockProblems(const QString &)> &problemsOf,
                                 bool whole);
    int size() const { return int(m_acks.size()); }

    // "Acknowledged by ann until 14:30: rebooting db-host-b", in the interface language.
    static QString describe(const Acknowledgement &ack);
    // Who acknowledges: this computer's user.
    static QString currentUser();

private:
    bool timeRanOut(const Acknowledgement &ack) const;
    void save() const;

    Clock m_clock;
    QString m_iniFile;
    QString m_key;
    QHash<QString, Acknowledgement> m_acks; // by lock name
};

} // namespace ui
