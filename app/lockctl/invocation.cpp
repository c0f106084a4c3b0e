#include "invocation.h"

#include "commands.h"
#include "connect.h"
#include "errortext.h"
#include "exitcode.h"
#include "holderid.h"
#include "output.h"
#include "tr.h"
#include "validation.h"

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::LockService;
using lockcore::Result;

namespace lockctl {

Invocation::Invocation(const Command &command, const QCommandLineParser &args,
                       const GlobalSettings &settings, Output &out)
    : m_command(command)
    , m_args(args)
    , m_settings(settings)
    , m_out(out)
{}

Invocation::~Invocation()
{
    m_service.reset(); // refers to the session
}

QString Invocation::commandName() const
{
    return QString::fromLatin1(m_command.name);
}

Result<QString> Invocation::lockName() const
{
    const QStringList positional = m_args.positionalArguments();
    if (positional.isEmpty())
        return Error::invalidInput(Tr::tr("%1 needs the NAME of a lock.").arg(commandName()));
    if (positional.size() > 1)
        return Error::invalidInput(Tr::tr("%1 takes one lock NAME; unexpected \"%2\".")
                                       .arg(commandName(), positional.at(1).left(80)));
    const QString &name = positional.constFirst();
    if (lockcore::Status valid = lockcore::validateLockName(name); !valid)
        return valid.error();
    return name;
}

lockcore::Status Invocation::noArguments() const
{
    const QStringList positional = m_args.positionalArguments();
    if (!positional.isEmpty())
        return Error::invalidInput(Tr::tr("%1 takes no arguments; unexpected \"%2\".")
                                       .arg(commandName(), positional.constFirst().left(80)));
    return {};
}

int Invocation::noSuchLock(const QString &name) const
{
    return m_out.error(
        u"not_found"_s,
        Tr::tr("There is no lock \"%1\" in the table %2.").arg(name, m_settings.table),
        ExitRefused);
}

int Invocation::usage(const QString &message) const
{
    return m_out.usage(message, commandName());
}

int Invocation::usage(const Error &error) const
{
    return usage(errorText(error));
}

int Invocation::fail(const Error &error) const
{
    if (error.kind == Error::Kind::InvalidInput) // the URL or the table: global options
        return m_out.usage(errorText(error));
    if (error.kind == Error::Kind::MissingSchema
        && m_settings.table != LockService::defaultTable()) {
        Error withTable = error;
        withTable.message
            += u' ' + Tr::tr("Add \"--table %1\" to those commands.").arg(m_settings.table);
        return m_out.error(withTable);
    }
    return m_out.error(error);
}

lockcore::Status Invocation::validateTable() const
{
    return lockcore::validateTableName(m_settings.table);
}

Result<LockService *> Invocation::service()
{
    if (m_service)
        return &*m_service;
    if (lockcore::Status valid = validateTable(); !valid)
        return valid.error();
    auto spec = connectionSpec(m_settings);
    if (!spec)
        return spec.error();
    auto session = openSession(*spec, m_settings);
    if (!session)
        return session.error();
    m_session = std::move(session).value();
    auto service = LockService::create(*m_session, m_settings.table);
    if (!service)
        return service.error();
    m_service.emplace(std::move(service).value());
    m_service->setEventLevel(LockService::EventLevel::All);
    m_service->setActor(lockcore::actorId(u"lockctl"_s));
    return &*m_service;
}

} // namespace lockctl
