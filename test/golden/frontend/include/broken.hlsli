// Included by pp-include-trail.hlsl.
#error broken header
