// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace ui {

// When the tray may show a message, and what a click on it is about. QSystemTrayIcon tells no
// message from another (messageClicked carries nothing), so a message is never replaced while
// it is read: one shown less than `showMs` ago stays, the notices that come meanwhile wait and
// then go out as one summary ("3 more locks need attention"), whose click is about no single
// lock. A click acts on the message shown, and only while it is shown; after that, or after
// its window dropped it (another connection), on nothing. Pure decisions on an injectable
// monotonic clock (ms); TrayNotifier does the showing.
class BalloonQueue
{
public:
    using Clock = std::function<qint64()>;

    // One notice: from a window (`source`, an id of TrayNotifier's), about `locks` (one: a
    // click opens it; several: the window's Problems filter).
    struct Notice
    {
        int source = 0;
        QStringList locks;
        QString title;
        QString text;
    };
    // A message to show now. A summary has no text of its own: `more` is how many locks
    // waited, `sources` whose they were (TrayNotifier writes the words).
    struct Balloon
    {
        Notice notice;
        bool summary = false;
        int more = 0;
        QList<int> sources;
    };
    // What a click is about: one lock of one source, the Problems filter of `sources`, or
    // nothing (no source).
    struct Target
    {
        QList<int> sources;
        QString lock; // empty: the Problems filter
    };

    explicit BalloonQueue(int showMs, Clock clock = {});

    int showMs() const { return m_showMs; }
    // A notice: returned to be shown now, or kept until the shown message has been read.
    std::optional<Balloon> offer(const Notice &notice);
    // The message that follows, once the shown one has had its time (call at dueInMs()).
    std::optional<Balloon> poll();
    // Milliseconds until poll() may have something; -1: nothing waits.
    qint64 dueInMs() const;
    // What a click now is about.
    Target clicked() const;
    // `source` changed connection or closed: its waiting notices are dropped; returns true if
    // the message shown was its (the caller withdraws it; a click then acts on nothing).
    bool dropSource(int source);
    int waiting() const { return int(m_waiting.size()); }

private:
    bool showing() const;
    Balloon show(Balloon balloon);

    int m_showMs;
    Clock m_clock;
    QList<Notice> m_waiting;
    std::optional<Balloon> m_shown;
    qint64 m_shownAt = 0;
};

} // namespace ui
