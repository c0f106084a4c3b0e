// SPDX-License-Identifier: GPL-3.0-or-later
#include "keychainvault.h"

#include <qt6keychain/keychain.h>

#include <QDebug>

using namespace Qt::StringLiterals;

namespace ui {

KeychainVault::KeychainVault(const QString &service, QObject *parent)
    : PasswordVault(parent)
    , m_service(service)
{
    m_probeTimeout.setSingleShot(true);
    m_probeTimeout.setInterval(probeTimeoutMs);
    connect(&m_probeTimeout, &QTimer::timeout, this, [this] {
        setState(State::Unavailable, tr("The system keychain did not answer."));
    });
    probe();
}

void KeychainVault::probe()
{
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setInsecureFallback(false);
    job->setKey(u"lockscope-keychain-probe"_s);
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job *done) {
        m_probeTimeout.stop();
        const QKeychain::Error error = done->error();
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
            setState(State::Available, {});
        else
            setState(State::Unavailable, errorText(done));
    });
    m_probeTimeout.start();
    job->start();
}

void KeychainVault::setState(State state, const QString &reason)
{
    m_reason = reason;
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

QString KeychainVault::errorText(const QKeychain::Job *job)
{
    switch (job->error()) {
    case QKeychain::NoBackendAvailable:
        return tr("No system keychain (such as a Secret Service) is running.");
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        return tr("The system keychain refused access.");
    case QKeychain::NotImplemented:
        return tr("The system keychain is not supported on this platform.");
    default:
        break;
    }
    const QString text = job->errorString();
    if (!text.isEmpty() && text != u"Unknown error")
        return tr("The system keychain reported: %1").arg(text);
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN) && !defined(Q_OS_ANDROID)
    // QtKeychain says "Unknown error" when neither a Secret Service nor KWallet answers.
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return tr("No system keychain is reachable: there is no D-Bus session.");
    return tr("No system keychain answered (neither a Secret Service, such as GNOME Keyring "
              "or KeePassXC, nor KWallet).");
#else
    return tr("The system keychain reported an error.");
#endif
}

void KeychainVault::readPassword(const QString &key)
{
    if (m_state == State::Unavailable) {
        QMetaObject::invokeMethod(
            this, [this, key] { emit passwordRead(key, false, {}, m_reason); },
            Qt::QueuedConnection);
        return;
    }
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, key, job] {
        if (job->error() == QKeychain::NoError)
            emit passwordRead(key, true, job->textData(), {});
        else if (job->error() == QKeychain::EntryNotFound)
            emit passwordRead(key, false, {}, {});
        else
            emit passwordRead(key, false, {}, errorText(job));
    });
    job->start();
}

void KeychainVault::writePassword(const QString &key, const QString &password)
{
    if (m_state == State::Unavailable) {
        QMetaObject::invokeMethod(
            this, [this, key] { emit passwordWritten(key, false, m_reason); },
            Qt::QueuedConnection);
        return;
    }
    auto *job = new QKeychain::WritePasswordJob(m_service, this);
    job->setInsecureFallback(false);
    job->setKey(key);
    job->setTextData(password);
    connect(job, &QKeychain::Job::finished, this, [this, key, job] {
        const bool ok = job->error() == QKeychain::NoError;
        if (!ok)
            qWarning().noquote() << "lockscope: could not store the password:" << errorText(job);
        emit passwordWritten(key, ok, ok ? QString() : errorText(job));
    });
    job->start();
}

void KeychainVault::deletePassword(const QString &key)
{
    if (m_state == State::Unavailable) {
        QMetaObject::invokeMethod(
            this, [this, key] { emit passwordDeleted(key, false, m_reason); },
            Qt::QueuedConnection);
        return;
    }
    auto *job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setInsecureFallback(false);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, key, job] {
        const bool ok = job->error() == QKeychain::NoError
                        || job->error() == QKeychain::EntryNotFound;
        emit passwordDeleted(key, ok, ok ? QString() : errorText(job));
    });
    job->start();
}

} // namespace ui
