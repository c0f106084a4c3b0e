// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockdefinition.h"
#include "result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace lockcore {

// The locks an application uses, by name: declared in code (add) or read from a JSON file
// (docs/library.md, "Lock definitions"):
//   {"locks": [{"name": "TIMER_TASK_GET_LOCK", "lease": "30s", "wait": "1m",
//               "retries": 3, "interval": "5s", "description": "..."}]}
// Durations are text as lockctl takes them ("500ms", "30s", "1m30s") or whole milliseconds.
// Every error names the file and the entry.
class LockDefinitions
{
public:
    static Result<LockDefinitions> loadFile(const QString &path);
    // `source`: what the errors call the text (a file name).
    static Result<LockDefinitions> fromJson(const QByteArray &json, const QString &source);

    // Refuses an invalid definition and a name already defined.
    Status add(const LockDefinition &definition);
    // The definition named `name`, or an error naming where the definitions came from.
    Result<LockDefinition> get(const QString &name) const;
    bool contains(const QString &name) const;
    const QList<LockDefinition> &all() const { return m_definitions; }

private:
    QList<LockDefinition> m_definitions; // in the order declared
    QString m_source;                    // the file they came from; empty: code
};

} // namespace lockcore
