// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "passwordvault.h"

#include <QTimer>

namespace QKeychain {
class Job;
}

namespace ui {

// The system keychain through QtKeychain (Secret Service or KWallet on Linux, the macOS
// Keychain, the Windows Credential Store), never with QtKeychain's plain-text fallback. On
// creation it reads a key that does not exist to learn, without blocking, whether a keychain
// answers at all: "not found" means it does; no answer within probeTimeoutMs means it does not.
class KeychainVault : public PasswordVault
{
    Q_OBJECT

public:
    static constexpr int probeTimeoutMs = 5000;

    explicit KeychainVault(const QString &service, QObject *parent = nullptr);

    State state() const override { return m_state; }
    QString unavailableReason() const override { return m_reason; }
    void readPassword(const QString &key) override;
    void writePassword(const QString &key, const QString &password) override;
    void deletePassword(const QString &key) override;

private:
    void probe();
    void setState(State state, const QString &reason);
    static QString errorText(const QKeychain::Job *job);

    QString m_service;
    State m_state = State::Checking;
    QString m_reason;
    QTimer m_probeTimeout;
};

} // namespace ui
