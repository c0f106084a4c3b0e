#pragma once

// The columns every native-lock statement returns, in this order, so one reader parses them all
// (nativelocks.cpp). Times are integer milliseconds since the epoch from the database clock.
namespace lockcore::nativecol {
enum Column {
    Name,          // MySQL / Oracle: the lock name; PostgreSQL: NULL
    ClassId,       // PostgreSQL classid; Oracle: 0
    ObjId,         // PostgreSQL objid; Oracle: id1
    ObjSubId,      // PostgreSQL objsubid; Oracle: id2
    Mode,
    Granted,       // 1 held, 0 waiting
    Pid,
    Serial,
    User,
    Application,
    Client,
    Database,
    State,
    SessionStartUs, // microseconds, exact (the session's identity); NULL when unknown
    XactStartMs,
    StateSinceMs,
    WaitStartMs,
    StatementText,  // MySQL waiters: the statement text (the GET_LOCK call)
    ColumnCount
};
} // namespace lockcore::nativecol
