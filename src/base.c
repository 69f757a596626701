#include <stickanim/base.h>

const char *sa_status_string(sa_status status) {
    switch (status) {
    case SA_OK:
        return "ok";
    case SA_ERR_NULL:
        return "a required pointer argument was NULL";
    case SA_ERR_COUNT:
        return "a count was zero or out of range";
    case SA_ERR_UNSORTED:
        return "keys or markers are not sorted by ascending time";
    case SA_ERR_NOT_FINITE:
        return "a value was NaN or infinite";
    case SA_ERR_PARENT_ORDER:
        return "a joint's parent does not come before it";
    case SA_ERR_CAPACITY:
        return "a caller-owned buffer is too small";
    case SA_ERR_TOO_MANY_JOINTS:
        return "more joints than supported";
    case SA_ERR_RANGE:
        return "a parameter is outside its documented range";
    case SA_ERR_MISMATCH:
        return "inputs that must agree in size do not";
    case SA_STATUS_COUNT_:
    case SA_STATUS_FORCE_U32_:
        break;
    }
    return "unknown status";
}

const char *sa_version(void) { return SA_VERSION_STRING; }
