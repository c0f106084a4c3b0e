// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordvault.h"

#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
#include "keychainvault.h"
#endif

#include <QCoreApplication>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace ui {

PasswordVault *PasswordVault::system()
{
    static QPointer<PasswordVault> vault;
    if (!vault) {
#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
        vault = new KeychainVault(u"Lockscope"_s, QCoreApplication::instance());
#else
        vault = new MemoryVault(tr("Lockscope was built without QtKeychain, so it cannot use "
                                   "the system keychain."),
                                QCoreApplication::instance());
#endif
    }
    return vault;
}

MemoryVault::MemoryVault(QObject *parent) : PasswordVault(parent) {}

MemoryVault::MemoryVault(const QString &reason, QObject *parent)
    : PasswordVault(parent)
    , m_state(State::Unavailable)
    , m_reason(reason)
{}

void MemoryVault::setState(State state, const QString &reason)
{
    m_reason = reason;
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void MemoryVault::readPassword(const QString &key)
{
    const bool usable = m_state == State::Available;
    const bool found = usable && m_passwords.contains(key);
    const QString password = found ? m_passwords.value(key) : QString();
    const QString error = usable ? QString() : m_reason;
    QMetaObject::invokeMethod(
        this, [=] { emit passwordRead(key, found, password, error); }, Qt::QueuedConnection);
}

void MemoryVault::writePassword(const QString &key, const QString &password)
{
    const bool usable = m_state == State::Available;
    if (usable)
        m_passwords.insert(key, password);
    const QString error = usable ? QString() : m_reason;
    QMetaObject::invokeMethod(
        this, [=] { emit passwordWritten(key, usable, error); }, Qt::QueuedConnection);
}

void MemoryVault::deletePassword(const QString &key)
{
    const bool usable = m_state == State::Available;
    if (usable)
        m_passwords.remove(key);
    const QString error = usable ? QString() : m_reason;
    QMetaObject::invokeMethod(
        this, [=] { emit passwordDeleted(key, usable, error); }, Qt::QueuedConnection);
}

} // namespace ui
