// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"

#include <QSettings>
#include <QStringList>
#include <memory>
#include <optional>

namespace ui {

// Saved connection profiles in QSettings. Stores everything but the password, which goes to
// the system keychain (PasswordVault) or is asked for each time. The lock profile (an
// application's table kind, or a custom column mapping) is kept key by key in the profile's
// "lockProfile" group; profiles saved without one load as Lockscope's own table.
class ProfileStore
{
public:
    // The application's settings (organization "Lockscope", application "lockscope").
    ProfileStore();
    // An INI file of its own (tests, portable installs).
    explicit ProfileStore(const QString &iniFile);
    ~ProfileStore();
    ProfileStore(const ProfileStore &) = delete;
    ProfileStore &operator=(const ProfileStore &) = delete;

    QStringList names() const; // sorted, case-insensitively
    bool contains(const QString &name) const;
    // The profile with an empty password; nullopt when there is none of that name.
    std::optional<ConnectionProfile> load(const QString &name) const;
    // Replaces the profile of the same name (profile.name must not be empty).
    void save(const ConnectionProfile &profile);
    void remove(const QString &name);

    QString lastUsed() const;
    void setLastUsed(const QString &name);

    QString fileName() const;
    void sync();

private:
    static QString groupOf(const QString &name);

    std::unique_ptr<QSettings> m_settings;
};

} // namespace ui
