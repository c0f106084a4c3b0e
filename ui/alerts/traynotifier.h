#pragma once

#include <QIcon>
#include <QObject>
#include <QString>

class QSystemTrayIcon;

namespace ui {

// The window's system tray icon: the application icon with the number of locks that need
// someone drawn on it, and a message (QSystemTrayIcon::showMessage) when one enters a problem.
// Clicking the message or the icon asks for that lock to be opened. Where the desktop has no
// system tray (QSystemTrayIcon::isSystemTrayAvailable(): the offscreen platform, some window
// managers) there is no icon and isAvailable() is false.
class TrayNotifier : public QObject
{
    Q_OBJECT

public:
    explicit TrayNotifier(QObject *parent = nullptr);
    ~TrayNotifier() override;

    static bool isAvailable();
    // Shows or hides the icon (where there is a tray).
    void setVisible(bool visible);
    bool isVisible() const;
    // The number drawn on the icon; 0: the plain icon.
    void setCount(int count);
    int count() const { return m_count; }
    // A message about `lockName` (the lock a click opens).
    void showMessage(const QString &lockName, const QString &title, const QString &text);
    // The icon with `count` drawn on it (a red disc, the number in white; "99+" above 99).
    static QIcon iconWithCount(const QIcon &base, int count);

signals:
    void openLockRequested(const QString &name);

private:
    QSystemTrayIcon *m_tray = nullptr;
    QIcon m_base;
    int m_count = 0;
    QString m_lastLock; // the lock of the last message
};

} // namespace ui
