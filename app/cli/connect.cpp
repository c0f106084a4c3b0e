// SPDX-License-Identifier: GPL-3.0-or-later
#include "connect.h"

#include "options.h"
#include "passwordprompt.h"
#include "clitr.h"

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::Error;
using lockcore::Result;
using lockcore::Session;

namespace cli {

Result<ConnectionSpec> connectionSpec(const CommonSettings &settings)
{
    if (settings.url.trimmed().isEmpty())
        return Error::invalidInput(
            Tr::tr("No database given: use --db URL or set LOCKSCOPE_DB (for example "
                   "sqlite:/path/locks.db or postgresql://user@host/database)."));
    auto spec = ConnectionSpec::parse(settings.url);
    if (spec && settings.readOnly)
        spec->readOnly = true;
    return spec;
}

Result<std::unique_ptr<Session>> openSession(ConnectionSpec spec, const CommonSettings &settings)
{
    bool havePassword = spec.passwordFromUrl;
    if (!havePassword) {
        const QString fromEnvironment = qEnvironmentVariable("LOCKSCOPE_PASSWORD");
        if (!fromEnvironment.isEmpty()) {
            spec.password = fromEnvironment;
            havePassword = true;
        }
    }
    lockcore::SessionOptions options;
    options.connectTimeoutS = settings.connectTimeoutS;
    auto session = Session::open(spec, options);
    if (session || session.error().kind != Error::Kind::Authentication || havePassword
        || settings.noPrompt || !spec.isServer() || !canPromptForPassword())
        return session;

    QString password;
    if (!promptForPassword(Tr::tr("Password for %1: ").arg(spec.redacted()), &password)
        || password.isEmpty())
        return session;
    spec.password = password;
    return Session::open(spec, options);
}

} // namespace cli
