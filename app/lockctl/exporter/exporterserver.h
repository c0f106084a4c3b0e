// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exporteroptions.h"

#include <QHttpServer>
#include <QList>
#include <QObject>

namespace lockctl {

class Target;

// The HTTP side: /metrics (a Scrape of every target), / (a page that links it), 405 for a
// method other than GET or HEAD on them, 404 for the rest. It runs on the thread of the event
// loop and never waits for a database.
class ExporterServer : public QObject
{
    Q_OBJECT
public:
    explicit ExporterServer(const ExporterOptions &options, QObject *parent = nullptr);
    ~ExporterServer() override;

    // Listens; 0 when the address cannot be bound.
    quint16 listen();
    // Stops every target's thread; false when a read is still stuck after `waitMs`.
    bool stop(int waitMs);

private:
    void setUpRoutes();

    ExporterOptions m_options;
    QHttpServer m_http;
    QList<Target *> m_targets;
};

} // namespace lockctl
