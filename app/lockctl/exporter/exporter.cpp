// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl exporter: the lock tables as Prometheus metrics over HTTP (docs/monitoring.md).
#include "commands.h"
#include "exitcode.h"
#include "exporteroptions.h"
#include "exporterserver.h"
#include "interrupt.h"
#include "invocation.h"
#include "lockctltr.h"
#include "output.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

QString urlOf(const ExporterOptions &options, quint16 port)
{
    QString host = options.address.toString();
    if (options.address.protocol() == QAbstractSocket::IPv6Protocol)
        host = u'[' + host + u']';
    return u"http://"_s + host + u':' + QString::number(port) + u"/metrics"_s;
}

} // namespace

int runExporter(Invocation &invocation)
{
    auto options = exporterOptions(invocation);
    if (!options)
        return invocation.usage(options.error());

    cli::InterruptGuard interrupt;
    ExporterServer server(*options);
    const quint16 port = server.listen();
    if (port == 0) {
        server.stop(2000);
        return invocation.out().error(
            u"listen"_s,
            Tr::tr("Cannot listen on %1 port %2 (in use, or not an address of this machine).")
                .arg(options->address.toString())
                .arg(options->port),
            cli::ExitDatabase);
    }
    // The address actually bound (with --listen ADDR:0, the port the system chose) on stdout,
    // for scripts; the rest of what the exporter says goes to stderr.
    cli::Output::writeStdout(Tr::tr("Serving %1").arg(urlOf(*options, port)));
    std::fflush(stdout);

    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [] {
        if (cli::InterruptGuard::interrupted())
            QCoreApplication::quit();
    });
    poll.start(100);
    QCoreApplication::exec();

    if (!server.stop(2000)) {
        // A read still waits for a hung database: its thread cannot be joined; leave without it.
        cli::Output::writeStderr(Tr::tr("lockctl exporter: stopped (a read was still waiting for "
                                        "its database)."));
        std::fflush(stderr);
        std::_Exit(cli::ExitDone);
    }
    return cli::ExitDone;
}

} // namespace lockctl
