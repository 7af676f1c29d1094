enum NotificationType: String {
    case message
    var icon: String {
        switch {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
   #"     switc self {
        switch se‮lf {
        switch{
        switch self {
h{
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
tch self {
        switch self {
        switch self {
 lf {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        swit{ch self {
        switch self {
        switch self {
        switch self { switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        ####/////////////////////////////////////////////‮‮‮///////////////////////////////////############################################{{{#########################################################################################################################################################################################################################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
