// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

namespace ui {

// Where remembered passwords are kept: never in the settings file. Every request answers once,
// later, with its signal (never before the call returns), so the GUI thread never waits on a
// keychain. Implementations: the system keychain (KeychainVault, through QtKeychain) and
// MemoryVault (tests, and the stand-in when Lockscope is built without QtKeychain).
class PasswordVault : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Checking,    // finding out whether a keychain answers
        Available,   // passwords can be remembered
        Unavailable, // none: the password is asked for each time (see unavailableReason())
    };
    Q_ENUM(State)

    using QObject::QObject;

    virtual State state() const = 0;
    virtual QString unavailableReason() const = 0; // translated, for the dialog
    virtual void readPassword(const QString &key) = 0;
    virtual void writePassword(const QString &key, const QString &password) = 0;
    virtual void deletePassword(const QString &key) = 0;

    // The application's vault: the system keychain when Lockscope is built with QtKeychain,
    // else an unavailable one. Created on first use, owned by the application object.
    static PasswordVault *system();

signals:
    void stateChanged(ui::PasswordVault::State state);
    // found == false with an empty error: there is no password under this key.
    void passwordRead(const QString &key, bool found, const QString &password,
                      const QString &error);
    void passwordWritten(const QString &key, bool ok, const QString &error);
    void passwordDeleted(const QString &key, bool ok, const QString &error);
};

// Passwords in this process's memory only.
class MemoryVault : public PasswordVault
{
    Q_OBJECT

public:
    explicit MemoryVault(QObject *parent = nullptr);
    // A vault that is unavailable for `reason`.
    MemoryVault(const QString &reason, QObject *parent);

    State state() const override { return m_state; }
    QString unavailableReason() const override { return m_reason; }
    void readPassword(const QString &key) override;
    void writePassword(const QString &key, const QString &password) override;
    void deletePassword(const QString &key) override;

    void setState(State state, const QString &reason = {});
    QHash<QString, QString> passwords() const { return m_passwords; }

private:
    State m_state = State::Available;
    QString m_reason;
    QHash<QString, QString> m_passwords;
};

} // namespace ui
