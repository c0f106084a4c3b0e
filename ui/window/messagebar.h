// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;
class QTimer;
class QToolButton;

namespace ui {

// An inline message above the lock table (hotspot and heaptrack style): recoverable problems
// and results of actions are said here, not in modal boxes. Its tint is the kind's over the
// window's own colour, whatever was shown before.
class MessageBar : public QFrame
{
    Q_OBJECT

public:
    enum class Kind { Info, Success, Warning, Error };

    explicit MessageBar(QWidget *parent = nullptr);

    // Shows `text` until it is replaced or closed or, with a `timeoutMs`, for that long: news
    // that goes stale (an action's result, a time left) is not left up for minutes.
    void showMessage(Kind kind, const QString &text, int timeoutMs = 0);
    // How long an action's result stays up.
    static constexpr int ResultTimeoutMs = 20000;
    Kind kind() const { return m_kind; }
    QString text() const;
    // The message shown now goes after `timeoutMs` from now (an action's result, whatever it
    // was shown with); nothing when none is shown.
    void expireIn(int timeoutMs);
    // The time left before the message shown goes, in ms; -1: it stays until replaced.
    int expiresInMs() const;
    // The message shown describes what has changed since: `why` is put before it and it takes
    // the Info tint; it goes as it would have.
    void markOutdated(const QString &why);

signals:
    // Each message as it is shown (a later one may replace it on the bar).
    void messageShown(ui::MessageBar::Kind kind, const QString &text);

private:
    QLabel *m_icon;
    QLabel *m_text;
    QToolButton *m_close;
    QTimer *m_expiry;
    Kind m_kind = Kind::Info;
};

} // namespace ui
