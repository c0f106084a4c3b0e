// SPDX-License-Identifier: GPL-3.0-or-later
#include "simexport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace ui {

namespace simexport {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(SimExport)
};

QString write(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return Tr::tr("%1 could not be written: %2").arg(path, file.errorString());
    return {};
}

} // namespace

bool isCsv(const QString &path)
{
    return QFileInfo(path).suffix().compare(u"csv"_s, Qt::CaseInsensitive) == 0;
}

QString writeHistory(const locksim::SimReport &report, const QString &path)
{
    if (isCsv(path))
        return write(path, report.history.holdsCsv().toUtf8());
    return write(path,
                 QJsonDocument(report.history.toJson()).toJson(QJsonDocument::Indented));
}

QString writeSummary(const locksim::SimReport &report, const QString &path)
{
    if (isCsv(path))
        return write(path, report.summaryCsv().toUtf8());
    return write(path, QJsonDocument(report.summaryJson()).toJson(QJsonDocument::Indented));
}

} // namespace simexport

} // namespace ui
