// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "globaloptions.h"
#include "lockservice.h"
#include "profiletable.h"
#include "result.h"
#include "session.h"

#include <QCommandLineParser>
#include <memory>
#include <optional>

namespace cli {
class Output;
}

namespace lockctl {

struct Command;

// One run of a command: its parsed arguments, the global settings, the output, and the lock
// service on a session opened on first use.
class Invocation
{
public:
    Invocation(const Command &command, const QCommandLineParser &args,
               const GlobalSettings &settings, cli::Output &out);
    ~Invocation();

    const QCommandLineParser &args() const { return m_args; }
    const GlobalSettings &settings() const { return m_settings; }
    cli::Output &out() const { return m_out; }
    QString commandName() const;

    // The lock name (the one positional argument); validated before any connection.
    lockcore::Result<QString> lockName() const;
    // For commands without arguments: an error when some were given.
    lockcore::Status noArguments() const;

    // A usage error (exit code 2) with a pointer to this command's --help.
    int usage(const QString &message) const;
    int usage(const lockcore::Error &error) const;
    // Reports an error; returns its exit code.
    int fail(const lockcore::Error &error) const;
    // "There is no lock NAME" (exit code 1; JSON kind "not_found").
    int noSuchLock(const QString &name) const;

    // The table name, validated (a usage error when invalid).
    lockcore::Status validateTable() const;
    // Connects (once) and returns the lock service on the session.
    lockcore::Result<lockcore::LockService *> service();
    // --profile given: the profile's operations on its table.
    bool usesProfile() const { return !m_settings.profile.isEmpty(); }
    // The profile named by --profile (a usage error when unknown or a bad mapping file).
    lockcore::Result<lockcore::Profile> profile() const;
    // Connects (once) and opens the profile's table (--table, else the profile's own).
    lockcore::Result<lockcore::ProfileTable *> profileTable();
    // Connects (once): the session alone.
    lockcore::Result<lockcore::Session *> session();

private:
    const Command &m_command;
    const QCommandLineParser &m_args;
    GlobalSettings m_settings;
    cli::Output &m_out;
    std::unique_ptr<lockcore::Session> m_session;
    std::optional<lockcore::LockService> m_service;
    std::optional<lockcore::ProfileTable> m_profileTable;
};

} // namespace lockctl
