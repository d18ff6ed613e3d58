package sema

import "strings"

// The system-value semantics each DXIL signature point accepts: DXC's
// semantic interpretation table (DxilSigPoint.inl), of which DXC's SPIR-V
// back end reports the "NA" entries as invalid usage. Each row lists the
// signature points where the semantic is valid, with the shader model it
// needs there when it is later than 6.0.

var sigPointColumns = [...]string{"VSIn", "VSOut", "PCIn", "HSIn", "HSCPIn", "HSCPOut", "PCOut", "DSIn", "DSCPIn", "DSOut",
	"GSVIn", "GSIn", "GSOut", "PSIn", "PSOut", "CSIn", "MSIn", "MSOut", "MSPOut", "ASIn"}

// svValidAt maps an upper-case system-value semantic (without its index)
// to the signature points accepting it: one entry per column of
// sigPointColumns, "-" for NA, else the minor version of shader model 6
// needed there (0 for any). svInvalidAt reads a row where it needs it
// (making maps of the rows cost every process start more than a compile's
// lookups).
var svValidAt = map[string]string{
	"SV_VERTEXID":               "0 - - - - - - - - - - - - - - - - - - -",
	"SV_INSTANCEID":             "0 0 - - 0 0 - - 0 0 0 - 0 0 - - - - - -",
	"SV_POSITION":               "0 0 - - 0 0 0 0 0 0 0 - 0 0 - - - 0 - -",
	"SV_RENDERTARGETARRAYINDEX": "0 0 - - 0 0 0 0 0 0 0 - 0 0 - - - - 0 -",
	"SV_VIEWPORTARRAYINDEX":     "0 0 - - 0 0 0 0 0 0 0 - 0 0 - - - - 0 -",
	"SV_CLIPDISTANCE":           "0 0 - - 0 0 0 0 0 0 0 - 0 0 - - - 0 - -",
	"SV_CULLDISTANCE":           "0 0 - - 0 0 0 0 0 0 0 - 0 0 - - - 0 - -",
	"SV_OUTPUTCONTROLPOINTID":   "- - - 0 - - - - - - - - - - - - - - - -",
	"SV_DOMAINLOCATION":         "- - - - - - - 0 - - - - - - - - - - - -",
	"SV_PRIMITIVEID":            "- - 0 0 - - - 0 - - - 0 0 0 - - - - 0 -",
	"SV_GSINSTANCEID":           "- - - - - - - - - - - 0 - - - - - - - -",
	"SV_SAMPLEINDEX":            "- - - - - - - - - - - - - 0 - - - - - -",
	"SV_ISFRONTFACE":            "- - - - - - - - - - - - 0 0 - - - - - -",
	"SV_COVERAGE":               "- - - - - - - - - - - - - 0 0 - - - - -",
	"SV_INNERCOVERAGE":          "- - - - - - - - - - - - - 0 - - - - - -",
	"SV_TARGET":                 "- - - - - - - - - - - - - - 0 - - - - -",
	"SV_DEPTH":                  "- - - - - - - - - - - - - - 0 - - - - -",
	"SV_DEPTHLESSEQUAL":         "- - - - - - - - - - - - - - 0 - - - - -",
	"SV_DEPTHGREATEREQUAL":      "- - - - - - - - - - - - - - 0 - - - - -",
	"SV_STENCILREF":             "- - - - - - - - - - - - - - 0 - - - - -",
	"SV_DISPATCHTHREADID":       "- - - - - - - - - - - - - - - 0 0 - - 0",
	"SV_GROUPID":                "- - - - - - - - - - - - - - - 0 0 - - 0",
	"SV_GROUPINDEX":             "- - - - - - - - - - - - - - - 0 0 - - 0",
	"SV_GROUPTHREADID":          "- - - - - - - - - - - - - - - 0 0 - - 0",
	"SV_TESSFACTOR":             "- - - - - - 0 0 - - - - - - - - - - - -",
	"SV_INSIDETESSFACTOR":       "- - - - - - 0 0 - - - - - - - - - - - -",
	"SV_VIEWID":                 "1 - 1 1 - - - 1 - - - 1 - 1 - - 0 - - -",
	"SV_BARYCENTRICS":           "- - - - - - - - - - - - - 1 - - - - - -",
	"SV_SHADINGRATE":            "- 4 - - 4 4 - - 4 4 4 - 4 4 - - - - 0 -",
	"SV_CULLPRIMITIVE":          "- - - - - - - - - - - - - 0 - - - - 0 -",
	"SV_STARTVERTEXLOCATION":    "8 - - - - - - - - - - - - - - - - - - -",
	"SV_STARTINSTANCELOCATION":  "8 - - - - - - - - - - - - - - - - - - -",
}

// svCheckedAt are the signature points the stage variables are assigned
// exactly (hull and domain control points and patch constants are not told
// apart).
var svCheckedAt = map[string]bool{"VSIn": true, "VSOut": true, "PSIn": true, "PSOut": true, "GSOut": true, "CSIn": true, "MSIn": true, "ASIn": true}

// svInvalidAt reports whether a known system-value semantic (without its
// index) is invalid at the signature point for shader model 6.minor.
func svInvalidAt(semantic, sigPoint string, minor int) bool {
	row, known := svValidAt[strings.ToUpper(semantic)]
	if !known {
		return false
	}
	for i, col := range sigPointColumns {
		if col == sigPoint {
			need := row[2*i] // one character per column, a space between
			return need == '-' || minor < int(need-'0')
		}
	}
	return true
}
