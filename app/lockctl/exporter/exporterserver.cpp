// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporterserver.h"

#include "buildinfo.h"
#include "lockselection.h"
#include "scrape.h"
#include "target.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QHttpServerResponse>

namespace lockctl {

namespace {

using Method = QHttpServerRequest::Method;

const QHttpServerRequest::Methods readMethods = Method::Get | Method::Head;

QByteArray indexPage()
{
    return QByteArrayLiteral(
        "<!DOCTYPE html>\n<html><head><title>Lockscope exporter</title></head><body>\n"
        "<h1>Lockscope exporter</h1>\n<p>Lock tables as Prometheus metrics: "
        "<a href=\"/metrics\">/metrics</a></p>\n</body></html>\n");
}

} // namespace

ExporterServer::ExporterServer(const ExporterOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
    // The options were checked: the selection cannot fail here.
    const lockcore::LockSelection selection
        = lockcore::LockSelection::create(options.include, options.maxLocks).value();
    for (const ExportTarget &target : options.targets)
        m_targets.append(new Target(target, selection, options.connectTimeoutS, this));
    setUpRoutes();
}

ExporterServer::~ExporterServer() = default;

void ExporterServer::setUpRoutes()
{
    m_http.route(QStringLiteral("/metrics"), readMethods, [this](QHttpServerResponder &&responder) {
        new Scrape(m_targets, m_options.scrapeTimeoutMs, buildInfoText(), std::move(responder),
                   this);
    });
    m_http.route(QStringLiteral("/"), readMethods, [] {
        return QHttpServerResponse(QByteArrayLiteral("text/html; charset=utf-8"), indexPage());
    });
    m_http.setMissingHandler([](const QHttpServerRequest &request,
                                QHttpServerResponder &&responder) {
        const QString path = request.url().path();
        if (path == u"/metrics" || path == u"/") { // a method other than GET or HEAD
            responder.write(QByteArrayLiteral("405 Method Not Allowed: GET or HEAD only\n"),
                            {{"Content-Type", "text/plain; charset=utf-8"},
                             {"Allow", "GET, HEAD"}},
                            QHttpServerResponder::StatusCode::MethodNotAllowed);
            return;
        }
        responder.write(QByteArrayLiteral("404 Not Found: the metrics are at /metrics\n"),
                        QByteArrayLiteral("text/plain; charset=utf-8"),
                        QHttpServerResponder::StatusCode::NotFound);
    });
}

quint16 ExporterServer::listen()
{
    return m_http.listen(m_options.address, m_options.port);
}

bool ExporterServer::stop(int waitMs)
{
    bool stopped = true;
    for (Target *target : std::as_const(m_targets))
        stopped = target->stop(waitMs) && stopped;
    return stopped;
}

} // namespace lockctl
