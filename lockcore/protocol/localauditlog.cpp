// SPDX-License-Identifier: Apache-2.0
#include "localauditlog.h"

#include "tr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace lockcore {

QString localAuditLogPath()
{
    QString state = qEnvironmentVariable("XDG_STATE_HOME");
    if (state.isEmpty() || QDir::isRelativePath(state))
        state = QDir::homePath() + u"/.local/state"_s;
    return QDir::cleanPath(state + u"/lockscope/audit.jsonl"_s);
}

Status appendLocalAuditEntry(const QString &path, const QJsonObject &entry)
{
    const auto failed = [&](const QString &why) {
        return Error::invalidInput(
            Tr::tr("Could not write the local audit log %1: %2").arg(path, why));
    };
    const QString folder = QFileInfo(path).absolutePath();
    if (!QFileInfo::exists(folder)) {
        if (!QDir().mkpath(folder))
            return failed(Tr::tr("its folder could not be created."));
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                          | QFileDevice::ExeOwner);
    }
    QFile file(path);
    const bool created = !file.exists();
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append))
        return failed(file.errorString());
    if (created)
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QByteArray line = QJsonDocument(entry).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(line) != line.size() || !file.flush())
        return failed(file.errorString());
    return {};
}

} // namespace lockcore
