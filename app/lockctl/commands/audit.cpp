// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl audit: the admin actions across every lock (force releases, deletes, initializations,
// terminations, cancellations, the window's test holds), newest first, as a table, CSV or JSON.

#include "adminaudit.h"
#include "auditexport.h"
#include "audittime.h"
#include "commands.h"
#include "exitcode.h"
#include "invocation.h"
#include "lockctltr.h"
#include "options.h"
#include "output.h"
#include "textformat.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockctl {

namespace {

constexpr int defaultAuditLimit = 100;

// The request the options describe; an error names the option.
lockcore::Result<lockcore::AuditRequest> auditRequest(const QCommandLineParser &args)
{
    lockcore::AuditRequest request;
    request.actor = args.value(u"actor"_s);
    request.actorExact = args.isSet(u"exact-actor"_s);
    request.lockPattern = args.value(u"lock"_s);
    auto since = lockcore::parseAuditTime(args.value(u"since"_s), u"--since"_s);
    if (!since)
        return since.error();
    request.since = *since;
    auto until = lockcore::parseAuditTime(args.value(u"until"_s), u"--until"_s);
    if (!until)
        return until.error();
    request.until = *until;
    for (const QString &kind : args.values(u"kind"_s)) {
        const QString action = QString(kind).replace(u'-', u'_'); // force-release too
        if (!request.actions.contains(action))
            request.actions.append(action);
    }
    auto limit = integerOption(args, u"limit"_s, 1, lockcore::maxAuditLimit, defaultAuditLimit);
    if (!limit)
        return limit.error();
    request.limit = int(*limit);
    if (lockcore::Status valid = lockcore::validateAuditRequest(request); !valid)
        return valid.error();
    return request;
}

QString auditText(const QList<lockcore::LockEvent> &events)
{
    if (events.isEmpty())
        return Tr::tr("No admin actions match.");
    const QStringList headers = {Tr::tr("TIME"),   Tr::tr("ACTION"), Tr::tr("LOCK"),
                                 Tr::tr("ACTOR"),  Tr::tr("HOLDER"), Tr::tr("FENCE"),
                                 Tr::tr("DETAIL")};
    QList<QStringList> rows;
    for (const lockcore::LockEvent &event : events)
        rows.append({textTime(event.at), lockcore::auditActionOf(event), event.lockName,
                     event.actor.isEmpty() ? u"-"_s : event.actor,
                     event.holder.isEmpty() ? u"-"_s : event.holder,
                     QString::number(event.fence), event.detail.simplified()});
    return renderTable(headers, rows);
}

QString moreText(int limit)
{
    return Tr::tr("More admin actions match than the %1 shown (the newest): narrow the filters "
                  "or raise --limit.")
        .arg(limit);
}

} // namespace

QList<QCommandLineOption> auditOptions()
{
    return {
        QCommandLineOption(u"actor"_s,
                           Tr::tr("Only actions by an actor containing this text, ignoring case "
                                  "(an actor is \"user@host (tool)\")."),
                           u"TEXT"_s),
        QCommandLineOption(u"exact-actor"_s, Tr::tr("--actor is the whole actor, as recorded.")),
        QCommandLineOption(u"lock"_s,
                           Tr::tr("Only locks whose name matches this pattern, ignoring case: "
                                  "* any text, ? one character (\"orders.*\")."),
                           u"PATTERN"_s),
        QCommandLineOption(u"since"_s,
                           Tr::tr("From this time on: a duration back from the database clock "
                                  "(24h, 7d) or an ISO 8601 time (UTC unless it has a zone)."),
                           u"DURATION|TIME"_s),
        QCommandLineOption(u"until"_s, Tr::tr("Up to this time (as --since)."),
                           u"DURATION|TIME"_s),
        QCommandLineOption(u"kind"_s,
                           Tr::tr("Only this action (again for more): init, force_release, "
                                  "delete, terminate, cancel, test_hold."),
                           u"KIND"_s),
        QCommandLineOption(u"limit"_s,
                           Tr::tr("Show at most this many, the newest (default: %1).")
                               .arg(defaultAuditLimit),
                           u"N"_s),
        QCommandLineOption(u"format"_s,
                           Tr::tr("table (the default), csv (RFC 4180) or json (one array); "
                                  "--json prints an object with \"events\" and \"more\"."),
                           u"FORMAT"_s),
    };
}

int runAudit(Invocation &invocation)
{
    if (invocation.usesProfile())
        return invocation.usage(Tr::tr("audit reads Lockscope's event table; an application's "
                                       "table (--profile) keeps no record of admin actions."));
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    const QString format = invocation.args().value(u"format"_s);
    if (!format.isEmpty() && format != u"table" && format != u"csv" && format != u"json")
        return invocation.usage(
            Tr::tr("--format must be table, csv or json; got \"%1\".").arg(format));
    auto request = auditRequest(invocation.args());
    if (!request)
        return invocation.usage(request.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto page = lockcore::readAdminEvents((*service)->session(), (*service)->tables(), *request);
    if (!page)
        return invocation.fail(page.error());
    cli::Output &out = invocation.out();
    if (!out.isJson() && (format == u"csv" || format == u"json")) {
        // The file alone on stdout; that more match goes to stderr.
        const QByteArray data = format == u"csv" ? lockcore::auditCsv(page->events)
                                                 : lockcore::auditJson(page->events);
        Output::writeStdout(QString::fromUtf8(data));
        if (page->more)
            out.warning(moreText(request->limit));
        return ExitDone;
    }
    QJsonArray array;
    for (const lockcore::LockEvent &event : page->events)
        array.append(lockcore::auditEventToJson(event));
    QString text = auditText(page->events);
    if (page->more)
        text += u'\n' + moreText(request->limit);
    out.result(QJsonObject{{u"table"_s, invocation.settings().table},
                           {u"events"_s, array},
                           {u"more"_s, page->more}},
               text);
    return ExitDone;
}

} // namespace lockctl
